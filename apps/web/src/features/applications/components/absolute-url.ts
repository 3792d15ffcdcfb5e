/** The API base URL may be a path on our origin (`''`) or another origin: show users a full URL. */
export function toAbsoluteUrl(url: string): string {
  return new URL(url, window.location.origin).toString();
}
