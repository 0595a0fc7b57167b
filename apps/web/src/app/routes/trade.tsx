import { PublicLayout } from '@/components/layouts/public-layout';

export function Component() {
  return (
    <PublicLayout>
      <title>Trading Signals · Selah</title>
      <section className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-3xl font-semibold tracking-tight md:text-4xl">Trading Signals</h1>
        <p className="mt-3 text-muted-foreground">
          The page for our trading-signals channel is being prepared and will be published here.
        </p>
      </section>
    </PublicLayout>
  );
}
