import net from 'node:net';

export type ReceivedMail = { from: string; to: string[]; messageId: string | null; data: string };

/**
 * A minimal SMTP server on a free loopback port that records what it accepted. `holdAfter` makes
 * it take a message's data and then never answer, as a server mid-transaction would be
 * when the sender is killed: that message counts as delivered only if the server said 250.
 */
export async function startSmtpSink() {
  const accepted: ReceivedMail[] = [];
  const sockets = new Set<net.Socket>();
  let hold: { after: number; reached: () => void } | null = null;
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffer = '';
    let inData = false;
    let data = '';
    let mail: { from: string; to: string[] } = { from: '', to: [] };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line !== '.') {
            data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`;
            continue;
          }
          inData = false;
          if (hold && accepted.length >= hold.after) {
            const { reached } = hold;
            hold = null;
            reached(); // the message is here but never acknowledged
            continue;
          }
          const messageId = /^message-id:\s*(.+)$/im.exec(data)?.[1]?.trim() ?? null;
          accepted.push({ ...mail, messageId, data });
          reply('250 OK queued');
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 sink');
        else if (verb === 'MAIL') {
          mail = { from: line.slice(10).trim(), to: [] };
          reply('250 OK');
        } else if (verb === 'RCPT') {
          mail.to.push(line.slice(8).trim());
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          data = '';
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 OK');
        else reply('502 not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    /** Once `after` messages were accepted, the next one is taken in full and never answered; resolves then. */
    holdAfter: (after: number) =>
      new Promise<void>((resolve) => {
        hold = { after, reached: resolve };
      }),
    stop: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
