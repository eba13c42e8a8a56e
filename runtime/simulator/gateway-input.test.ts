import { describe, expect, it } from "vitest";

import { ConnectionLimiter, decodeFrame } from "./gateway-input";
import { simulatorLimits } from "./limits";

const closeCode = (raw: string | Buffer, identified = false) => {
  const decoded = decodeFrame(Buffer.from(raw), identified);
  return "close" in decoded ? decoded.close.code : null;
};

describe("decodeFrame", () => {
  it("gives Discord's close code for each kind of broken frame", () => {
    expect(closeCode(Buffer.from([0x7b, 0xff]))).toBe(4002);
    expect(closeCode("{")).toBe(4002);
    for (const payload of ["null", "[]", "5", '"x"']) expect(closeCode(payload)).toBe(4002);
    expect(closeCode(`{"op":1,"d":${"[".repeat(100)}${"]".repeat(100)}}`)).toBe(4002);
    expect(closeCode(`{"op":1,"d":"${"x".repeat(simulatorLimits.gatewayPayloadBytes)}"}`)).toBe(4002);
    expect(closeCode('{"op":7}')).toBe(4001);
    expect(closeCode('{"op":"2"}')).toBe(4001);
    expect(closeCode('{"d":{}}')).toBe(4001);
    expect(closeCode('{"op":8,"d":{}}')).toBe(4003);
    expect(closeCode('{"op":8,"d":{}}', true)).toBeNull();
    expect(decodeFrame(Buffer.from('{"op":1,"d":7}'), false)).toEqual({ payload: { op: 1, d: 7 } });
  });
});

describe("ConnectionLimiter", () => {
  it("caps connections at once per address, and how fast new ones open", () => {
    const limiter = new ConnectionLimiter();
    const now = 1_000_000;
    let admitted = 0;
    while (limiter.admit("10.0.0.1", now)) admitted += 1;
    expect(admitted).toBe(simulatorLimits.gatewayConnectsPerIpBurst);
    expect(limiter.admit("10.0.0.2", now)).toBe(true);
    // A second later the bucket has refilled some.
    expect(limiter.admit("10.0.0.1", now + 1_000)).toBe(true);

    const open = new ConnectionLimiter();
    let at = now;
    let count = 0;
    while (count < simulatorLimits.gatewayConnectionsPerIp) {
      if (open.admit("10.0.0.3", at)) count += 1;
      else at += 1_000;
    }
    expect(open.admit("10.0.0.3", at + 60_000)).toBe(false);
    open.release("10.0.0.3");
    expect(open.admit("10.0.0.3", at + 60_000)).toBe(true);
  });
});
