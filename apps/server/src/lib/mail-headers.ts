/**
 * Text that goes into a mail header (the subject, a recipient's name or address, an attachment's
 * name). A line break there would start a header of the sender's choosing, and other control
 * characters (vertical tab, form feed, escape, C1 controls) are read differently by each mail
 * client: none of them is kept, except the tab, which headers allow. Line breaks become a space, so
 * "Bando\r\n2027" still reads as two words.
 */
const LINE_BREAKS = /[\r\n\u0085\u2028\u2029]+/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROLS = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g;

export function cleanHeader(value: string): string {
  return value.replace(LINE_BREAKS, ' ').replace(CONTROLS, '').trim();
}

/**
 * A mail as the transport receives it, every header value cleaned: the outbox cleans what it
 * stores, and this covers rows written before that (or by hand) on their way out.
 */
export function withCleanHeaders<M extends { to: string; subject: string; attachments: Array<{ filename: string }> }>(
  mail: M,
): M {
  return {
    ...mail,
    to: cleanHeader(mail.to),
    subject: cleanHeader(mail.subject),
    attachments: mail.attachments.map((a) => ({ ...a, filename: cleanHeader(a.filename) })),
  };
}
