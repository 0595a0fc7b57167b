CREATE TABLE "time_zones" (
	"name" text PRIMARY KEY NOT NULL
);
