import { createServer, type Server, type Socket } from 'node:net';

/** One message as the fake SMTP server accepted it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers and body), dot-unstuffed. */
  data: string;
  messageId: string | null;
  subject: string | null;
  /** When the message was accepted (Date.now()): what a latency figure measures to. */
  receivedAt: number;
}

export interface SmtpFake {
  readonly port: number;
  /** `smtp://127.0.0.1:PORT`, for SMTP_URL. */
  readonly url: string;
  /** Every message accepted so far, oldest first. */
  readonly received: ReceivedMail[];
  /** Recipients answered `550` at RCPT TO (a permanent refusal). */
  readonly refuse: Set<string>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  /** Stops listening and drops open connections: clients get "connection refused" until start(). */
  stop(): Promise<void>;
}

function header(data: string, name: string): string | null {
  const head = data.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const match = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head);
  return match?.[1]?.replace(/\r?\n[ \t]/g, ' ').trim() ?? null;
}

/**
 * A minimal SMTP server on loopback (RFC 5321's commands nodemailer uses, no TLS, no AUTH):
 * enough to see what the app hands to a real server, and to be switched off and on.
 */
export async function startSmtpFake(): Promise<SmtpFake> {
  const received: ReceivedMail[] = [];
  const refuse = new Set<string>();
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;

  const session = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.setEncoding('utf8');
    const reply = (line: string) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`);
    };
    let buffer = '';
    let from = '';
    let to: string[] = [];
    let data: string[] | null = null;

    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === '.') {
            const message = data.join('\r\n');
            received.push({
              from,
              to,
              data: message,
              messageId: header(message, 'Message-ID'),
              receivedAt: Date.now(),
              subject: header(message, 'Subject'),
            });
            data = null;
            from = '';
            to = [];
            reply('250 2.0.0 accepted');
          } else {
            data.push(line.startsWith('..') ? line.slice(1) : line);
          }
          continue;
        }
        const [verb = '', ...rest] = line.split(' ');
        const argument = rest.join(' ');
        const address = /<([^>]*)>/.exec(argument)?.[1] ?? '';
        switch (verb.toUpperCase()) {
          case 'EHLO':
            reply('250-smtp-fake.test');
            reply('250 8BITMIME');
            break;
          case 'HELO':
            reply('250 smtp-fake.test');
            break;
          case 'MAIL':
            from = address;
            to = [];
            reply('250 2.1.0 ok');
            break;
          case 'RCPT':
            if (refuse.has(address.toLowerCase())) {
              reply('550 5.1.1 no such mailbox');
            } else {
              to.push(address);
              reply('250 2.1.5 ok');
            }
            break;
          case 'DATA':
            if (to.length === 0) {
              reply('554 5.5.1 no valid recipients');
            } else {
              data = [];
              reply('354 end with <CRLF>.<CRLF>');
            }
            break;
          case 'RSET':
            from = '';
            to = [];
            reply('250 2.0.0 ok');
            break;
          case 'NOOP':
            reply('250 2.0.0 ok');
            break;
          case 'QUIT':
            reply('221 2.0.0 bye');
            socket.end();
            break;
          default:
            reply('502 5.5.2 command not implemented');
        }
      }
    });
    reply('220 smtp-fake.test ESMTP');
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer(session);
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        const address = next.address();
        if (typeof address === 'object' && address) port = address.port;
        server = next;
        resolve();
      });
    });

  await listen();
  return {
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    received,
    refuse,
    async start() {
      if (!server) await listen();
    },
    async stop() {
      const current = server;
      if (!current) return;
      server = null;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => current.close(() => resolve()));
    },
  };
}
