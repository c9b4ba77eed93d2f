/** Facts of HTTP every layer reads the same way. */

/**
 * Whether `status` is a success (2xx): what "accepted" means for a delivery, a replay or a retry.
 * @example
 * isSuccessStatus(204); // true
 */
export function isSuccessStatus(status: number): boolean {
  return status >= 200 && status < 300;
}
