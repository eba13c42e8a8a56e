import { afterAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";

const suffix = Date.now().toString(36);

afterAll(async () => {
  await db.user.deleteMany({ where: { email: { endsWith: `-${suffix}@example.com` } } });
  await db.$disconnect();
});

describe("Prisma on PostgreSQL", () => {
  it("writes a user with a profile and reads it back by user id", async () => {
    const user = await db.user.create({
      data: {
        email: `ada-${suffix}@example.com`,
        name: "Ada Lovelace",
        profile: { create: { username: `ada_${suffix}`, fullName: "Ada Lovelace" } },
      },
    });

    const profile = await db.profile.findUnique({
      where: { userId: user.id },
      select: { username: true, fullName: true },
    });
    expect(profile).toEqual({ username: `ada_${suffix}`, fullName: "Ada Lovelace" });

    const loaded = await db.user.findUniqueOrThrow({ where: { email: `ada-${suffix}@example.com` } });
    expect(loaded.id).toBe(user.id);
    expect(loaded.createdAt).toBeInstanceOf(Date);
  });

  it("refuses a second profile with the same username (P2002)", async () => {
    await db.user.create({
      data: { email: `grace-${suffix}@example.com`, profile: { create: { username: `grace_${suffix}` } } },
    });
    const duplicate = db.user.create({
      data: { email: `grace2-${suffix}@example.com`, profile: { create: { username: `grace_${suffix}` } } },
    });
    await expect(duplicate).rejects.toSatisfy(
      (error) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002",
    );
    // The failed nested write must not leave its user behind.
    expect(await db.user.count({ where: { email: `grace2-${suffix}@example.com` } })).toBe(0);
  });

  it("deletes a user's profile with the user (cascade)", async () => {
    const user = await db.user.create({
      data: { email: `linus-${suffix}@example.com`, profile: { create: { fullName: "Linus" } } },
    });
    await db.user.delete({ where: { id: user.id } });
    expect(await db.profile.findUnique({ where: { userId: user.id } })).toBeNull();
  });

  it("serves many parallel queries through one client without errors", async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0 ? db.user.count() : db.profile.findMany({ take: 1, select: { userId: true } }),
      ),
    );
    expect(results).toHaveLength(50);
  });
});
