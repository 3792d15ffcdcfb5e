/** The spec sends the CSS as base64 (set-custom-css `file`): of its UTF-8 bytes, so any text survives. */
export function encodeBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  // In chunks: one String.fromCharCode call with 64 K arguments would overflow the stack.
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(binary);
}

export function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}
