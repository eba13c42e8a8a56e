/**
 * A control API refusal: answered as `{ code, message, error }` (Discord's error shape, `error` for
 * the web app) with this status. `code` is Discord's JSON error code where one fits (10008
 * Unknown Message, 10014 Unknown Emoji…), else 0.
 */
export class ControlError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413,
    message: string,
    readonly code = 0,
  ) {
    super(message);
  }
}
