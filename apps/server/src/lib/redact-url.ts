/** Query parameters whose values never reach a log line (POST /api/user?password=… is ThingsBoard's API). */
const SECRET_PARAMS =
  /^(password|newpassword|currentpassword|token|refreshtoken|accesstoken|activatetoken|resettoken|secret)$/i;

/** The URL with secret query values replaced by '***', for logging. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed name is logged as sent
      }
      return eq >= 0 && SECRET_PARAMS.test(decoded) ? `${name}=***` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}
