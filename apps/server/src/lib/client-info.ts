import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';

/** Who a request comes from, as services see it: the security log, the visitor's country. */
export interface ClientInfo {
  /** The client address (`request.ip`: X-Forwarded-For only from TRUST_PROXY peers). */
  ip: string;
  /** The address of the connection's other end (`request.socket.remoteAddress`). */
  peer: string | undefined;
  userAgent: string | null;
  headers: IncomingHttpHeaders;
  /** The request's id, logged with every sign-in event (key `reqId`, as Fastify's own logs). */
  requestId: string;
}

export function clientInfo(request: FastifyRequest): ClientInfo {
  return {
    ip: request.ip,
    peer: request.socket.remoteAddress,
    userAgent: request.headers['user-agent'] ?? null,
    headers: request.headers,
    requestId: request.id,
  };
}
