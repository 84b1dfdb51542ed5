const LOOPBACK_OR_ANY = /^(127(\.\d{1,3}){3}|::1|\[::1\]|0\.0\.0\.0|::|localhost)$/;

/**
 * The host name to reach a server listening on `host` from the same machine: `localhost` for a
 * loopback or any-address HOST. Browsers refuse an IP address as a passkey's relying party, and the
 * server's relying party for a loopback PUBLIC_URL is `localhost` (modules/auth/passkey.service.ts),
 * so only that name lets passkeys work.
 */
export function localHostName(host: string): string {
  if (LOOPBACK_OR_ANY.test(host)) return "localhost";
  return host.includes(":") ? `[${host}]` : host;
}

/** The address to open the app at, printed at start: PUBLIC_URL when set, else the local address. */
export function addressToOpen(
  config: { PUBLIC_URL?: string | undefined; HOST: string; publicUrl: string },
  port: number,
) {
  if (config.PUBLIC_URL) return config.publicUrl;
  return `http://${localHostName(config.HOST)}:${port}`;
}
