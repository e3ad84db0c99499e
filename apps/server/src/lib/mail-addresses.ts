/**
 * The addresses a notice goes to, each once: trimmed, compared without letter case (the key, in
 * lower case; the value as written), in the order given. What is not an address is left out: an
 * empty field, or an erased person's pseudonym (`deleted-user-…`, privacy/pseudonym.ts).
 */
export function distinctAddresses(addresses: Iterable<string | null | undefined>): Map<string, string> {
  const byLower = new Map<string, string>();
  for (const address of addresses) {
    const trimmed = address?.trim() ?? '';
    if (trimmed.includes('@') && !byLower.has(trimmed.toLowerCase())) byLower.set(trimmed.toLowerCase(), trimmed);
  }
  return byLower;
}
