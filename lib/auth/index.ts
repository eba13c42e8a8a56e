/**
 * Auth.js (next-auth v5). Sessions are JWT cookies, each with its row in UserSession (created in
 * the jwt callback below; lib/auth/session.ts checks it on every request); users, Google accounts
 * and profiles live in PostgreSQL through the Prisma adapter. Passwords never pass through Auth.js: our actions check
 * them (lib/auth/service.tsx) and hand Auth.js a one-time sign-in ticket instead, which is also
 * how a confirmation link signs the user in.
 */
import { randomUUID } from "node:crypto";

import { PrismaAdapter } from "@auth/prisma-adapter";
import NextAuth, { type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import Google from "next-auth/providers/google";

import { recordAudit } from "@/lib/audit/service";
import { db } from "@/lib/db";
import { env } from "@/lib/env";

import { authSecret, sessionMaxAgeSeconds } from "./secret";
import { recordSession, sessionStands } from "./sessions";
import { consumeToken } from "./tokens";
import { isTwoFactorEnabled } from "./two-factor";
import { discardUnconfirmedAccount } from "./unconfirmed";

declare module "next-auth" {
  interface Session {
    /** The session version the cookie was issued with (see User.sessionVersion). */
    sessionVersion: number;
    /** This cookie's id: its row in UserSession, which Sign Out deletes. */
    sessionId?: string;
    /** When and how this session signed in (re-authentication asks for a recent Google sign-in). */
    signedInAt?: number;
    signedInWith?: "google" | "credentials";
    /** Password (or Google) accepted, the authenticator code not yet: not signed in (lib/auth/session.ts). */
    twoFactorPending?: boolean;
  }
  interface User {
    sessionVersion?: number;
    /** Set by sign-in tickets issued after the second factor was checked (lib/auth/start-session.ts). */
    secondFactorVerified?: boolean;
  }
}

declare module "@auth/core/jwt" {
  interface JWT {
    sv?: number;
    sid?: string;
    /** Sign-in time (ms) and method. */
    at?: number;
    via?: "google" | "credentials";
    /** "pending" until the second factor is checked. */
    tfa?: "pending";
  }
}

export const googleConfigured = Boolean(env.AUTH_GOOGLE_ID && env.AUTH_GOOGLE_SECRET);

const config: NextAuthConfig = {
  adapter: PrismaAdapter(db),
  secret: authSecret,
  trustHost: true,
  session: { strategy: "jwt", maxAge: sessionMaxAgeSeconds },
  pages: { signIn: "/login", error: "/login" },
  providers: [
    Credentials({
      id: "ticket",
      name: "One-time sign-in ticket",
      credentials: { ticket: {} },
      async authorize(credentials) {
        const ticket = typeof credentials.ticket === "string" ? credentials.ticket : "";
        // A "sign-in-verified" ticket is issued only once the second factor was checked (or for a
        // session that already had it); a plain "sign-in" ticket leaves two-factor accounts pending.
        let consumed = await consumeToken("sign-in", ticket);
        const secondFactorVerified = !consumed.ok && (consumed = await consumeToken("sign-in-verified", ticket)).ok;
        if (!consumed.ok) return null;
        const user = await db.user.findUnique({
          where: { id: consumed.subject },
          select: { id: true, email: true, name: true, image: true, sessionVersion: true },
        });
        return user && { ...user, secondFactorVerified };
      },
    }),
    ...(googleConfigured
      ? [
          Google({
            clientId: env.AUTH_GOOGLE_ID,
            clientSecret: env.AUTH_GOOGLE_SECRET,
            // Google verifies addresses (checked in the signIn callback), so a Google account with the
            // address of an existing, confirmed Cipher account is linked to it instead of being refused;
            // an unconfirmed one is discarded first (see the callback).
            allowDangerousEmailAccountLinking: true,
          }),
        ]
      : []),
  ],
  callbacks: {
    async signIn({ account, profile }) {
      if (account?.provider !== "google") return true;
      if (profile?.email_verified !== true || !profile.email) return false;
      // Runs before Auth.js looks the address up to link it: an unconfirmed sign-up with this address
      // (whoever made it holds its password) must not become the Google user's account.
      await discardUnconfirmedAccount(profile.email);
      return true;
    },
    async jwt({ token, user, account }) {
      // Auth.js's own endpoints reading an existing cookie (/api/auth/session): a session that was
      // signed out or ended is no session, and its cookie is cleared.
      if (!user) return (await sessionStands(token)) ? token : null;
      token.sv = user.sessionVersion ?? 0;
      token.sid = randomUUID();
      token.at = Date.now();
      token.via = account?.provider === "google" ? "google" : "credentials";
      // Google sign-ins too: an account with two-factor needs its code whichever way it signed in.
      if (!user.secondFactorVerified && user.id && (await isTwoFactorEnabled(user.id))) token.tfa = "pending";
      else delete token.tfa;
      // The cookie is accepted only while this row exists (lib/auth/session.ts).
      if (user.id) {
        await recordSession({
          id: token.sid,
          userId: user.id,
          sessionVersion: token.sv,
          signedInWith: token.via,
          expiresAt: new Date(token.at + sessionMaxAgeSeconds * 1000),
        });
      }
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      session.sessionVersion = token.sv ?? 0;
      session.sessionId = token.sid;
      session.signedInAt = token.at;
      session.signedInWith = token.via;
      session.twoFactorPending = token.tfa === "pending";
      return session;
    },
  },
  events: {
    async createUser({ user }) {
      // Accounts created through Google get their profile here; sign-up creates it with the user.
      if (!user.id) return;
      await db.profile.upsert({
        where: { userId: user.id },
        create: { userId: user.id, fullName: user.name ?? null },
        update: {},
      });
    },
    async signIn({ user, account }) {
      if (user.id)
        await recordAudit(user.id, "auth.sign_in", {
          type: "account",
          label: account?.provider === "google" ? "Google" : "Email and password",
        });
      if (account?.provider !== "google" || !user.id) return;
      // Google vouched for the address, which confirms an account that signed up by email earlier.
      await db.user.updateMany({ where: { id: user.id, emailVerified: null }, data: { emailVerified: new Date() } });
    },
  },
};

export const { handlers, auth, signIn, signOut } = NextAuth(config);
