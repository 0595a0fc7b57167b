import type { Server } from 'node:http';

/** What `listen` needs of a server: Node's HTTP(S) servers and smtp-server's alike. */
interface Listenable {
  once(event: 'error', listener: (error: Error) => void): unknown;
  off(event: 'error', listener: (error: Error) => void): unknown;
  listen(port: number, host: string, callback: () => void): unknown;
}

/** Starts `server` on `host:port`; rejects when it cannot (the port is taken, say). */
export function listen(server: Listenable, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Stops an HTTP(S) server now, open keep-alive connections included. */
export function closeNow(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
