/**
 * A bot's environment variables. Secret values are sealed with the token key and only the
 * runner opens them; the dashboard sees that a secret is set, never its value.
 */
import { db } from "@/lib/db";

import { envVarLimits, envVarSchema, type EnvVarInput } from "./schemas";
import { assertOwnedBot, busyServerTransaction, lockBotForWrite } from "./service";
import { openToken, sealedFor, SealedValueError, sealToken } from "./token-crypto";
import { tokenKeys } from "./token-keys";

export class EnvVarError extends Error {}

export interface EnvVarView {
  key: string;
  /** null for a secret. */
  value: string | null;
  secret: boolean;
  updatedAt: Date;
}

export async function listEnvVars(userId: string, botId: string): Promise<EnvVarView[]> {
  await assertOwnedBot(userId, botId);
  const rows = await db.botEnvVar.findMany({ where: { botId }, orderBy: { key: "asc" } });
  return rows.map((row) => ({
    key: row.key,
    value: row.secret ? null : row.value,
    secret: row.secret,
    updatedAt: row.updatedAt,
  }));
}

/** Adds or changes a variable. An empty value on an existing secret keeps the stored secret. */
export async function setEnvVar(userId: string, botId: string, input: EnvVarInput): Promise<void> {
  const { key, value, secret } = envVarSchema.parse(input);
  await assertOwnedBot(userId, botId);
  await db.$transaction(async (tx) => {
    // Two additions racing for the last free places must not both pass the count.
    await lockBotForWrite(tx, botId);
    const existing = await tx.botEnvVar.findUnique({ where: { botId_key: { botId, key } } });
    if (!existing && (await tx.botEnvVar.count({ where: { botId } })) >= envVarLimits.perBot) {
      throw new EnvVarError(`A bot can have at most ${envVarLimits.perBot} environment variables.`);
    }
    let stored: string;
    if (secret && value === "" && existing?.secret) stored = existing.value;
    else if (secret && value === "") throw new EnvVarError("Enter the secret's value.");
    else stored = secret ? sealToken(value, tokenKeys().current, sealedFor.botEnv(botId, key)) : value;
    await tx.botEnvVar.upsert({
      where: { botId_key: { botId, key } },
      create: { botId, key, value: stored, secret },
      update: { value: stored, secret },
    });
  }, busyServerTransaction);
}

export async function deleteEnvVar(userId: string, botId: string, key: string): Promise<void> {
  await assertOwnedBot(userId, botId);
  await db.botEnvVar.deleteMany({ where: { botId, key } });
}

/**
 * The clear values, for the runner's child process only. A secret that does not open for this
 * bot and name (moved from another row, altered) throws SealedValueError naming the variable.
 */
export async function revealEnvVars(botId: string): Promise<Record<string, string>> {
  return (await revealBotVariables(botId)).variables;
}

/** As revealEnvVars, with the names of the secret ones (the runner hides their values in logs). */
export async function revealBotVariables(
  botId: string,
): Promise<{ variables: Record<string, string>; secretKeys: Set<string> }> {
  const rows = await db.botEnvVar.findMany({ where: { botId }, select: { key: true, value: true, secret: true } });
  const keys = tokenKeys().all;
  const variables: Record<string, string> = {};
  const secretKeys = new Set<string>();
  for (const row of rows) {
    if (!row.secret) {
      variables[row.key] = row.value;
      continue;
    }
    secretKeys.add(row.key);
    try {
      variables[row.key] = openToken(row.value, keys, sealedFor.botEnv(botId, row.key));
    } catch (error) {
      if (error instanceof SealedValueError) {
        throw new SealedValueError(`The secret variable ${row.key} cannot be used: ${error.message}`);
      }
      throw error;
    }
  }
  return { variables, secretKeys };
}
