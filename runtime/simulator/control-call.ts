/**
 * A caller of the simulator's control API for tests and benchmarks: JSON in and out, an error
 * status throws with the simulator's answer. (The web app uses lib/simulator/client.ts.)
 */
export function controlCaller(url: string, key: string) {
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  return async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${url}/control${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
}
