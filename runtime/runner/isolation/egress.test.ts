import { describe, expect, it } from "vitest";

import { egressRouteCommands, routeFor, slirpNetwork } from "./egress";

describe("a Discord bot's egress policy", () => {
  it("refuses private, shared, link-local/metadata, multicast and reserved IPv4 ranges", () => {
    for (const address of [
      "10.0.0.1",
      "10.255.255.255",
      "172.16.0.1",
      "172.31.255.254",
      "192.168.1.1",
      "169.254.169.254", // cloud metadata
      "169.254.0.1",
      "100.64.0.1",
      "100.127.255.255",
      "0.0.0.0",
      "127.0.0.1",
      "127.1.2.3",
      "198.18.0.1",
      "224.0.0.1",
      "239.255.255.250",
      "240.0.0.1",
      "255.255.255.255",
      "192.0.2.10",
    ]) {
      expect(routeFor(address), address).toBe("refused");
    }
  });

  it("lets public addresses through and keeps slirp's gateway and DNS on its own network", () => {
    for (const address of ["162.159.135.232", "1.1.1.1", "8.8.8.8", "172.32.0.1", "100.128.0.1", "11.0.0.1"]) {
      expect(routeFor(address), address).toBe("internet");
    }
    expect(routeFor(slirpNetwork.gateway)).toBe("slirp");
    expect(routeFor(slirpNetwork.dns)).toBe("slirp");
  });

  it("rejects what is not a dotted IPv4 address instead of guessing", () => {
    for (const address of ["::ffff:127.0.0.1", "2130706433", "0x7f.1", "127.1", "1.2.3.256"]) {
      expect(routeFor(address), address).toBe("invalid");
    }
  });

  it("installs a prohibit route for every blocked range", () => {
    const commands = egressRouteCommands();
    expect(commands).toContain("route add prohibit 10.0.0.0/8");
    expect(commands).toContain("route add prohibit 169.254.0.0/16");
    expect(commands).toContain("route add prohibit 172.16.0.0/12");
    expect(commands).toContain("route add prohibit 192.168.0.0/16");
    expect(commands.every((command) => /^route add prohibit \d+\.\d+\.\d+\.\d+\/\d+$/.test(command))).toBe(true);
  });
});
