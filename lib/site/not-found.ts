/** Logs a request for a path that does not exist (spec: "The missing path is logged"). */
export function logMissingPath(path: string) {
  // One line, no query string: enough to find broken links without logging user data.
  console.warn(`404 Not Found: ${path.slice(0, 512)}`);
}
