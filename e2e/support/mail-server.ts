import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { listen } from './listen.ts';

/** A mail the local SMTP server received, as the control endpoint returns it. */
export interface ReceivedMail {
  /** Envelope recipients, lower case. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

export interface MailServer {
  mails: ReceivedMail[];
  stop(): Promise<void>;
}

/** Starts a real SMTP server on loopback that keeps every mail it accepts in memory. */
export async function startMailServer(host: string, port: number): Promise<MailServer> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    // Plain SMTP on loopback: no TLS (the app would refuse a self-signed certificate), no auth.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    size: 5 * 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: new Date().toISOString(),
          });
          callback();
        })
        .catch((error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error))),
        );
    },
  });
  await listen(server, port, host);
  server.on('error', (error) => console.error('[e2e smtp]', error));
  return {
    mails,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
