-- Narrow views for the least-privilege database roles (scripts/db/roles.ts). The runner may read
-- a user's plan, and where to send a crash email, but not the "User" table itself (password
-- hashes, sessions, sign-in details). Views run with their owner's rights, so a role granted
-- one of them sees only these columns.
CREATE VIEW "UserPlan" AS
  SELECT u.id AS "userId", u.plan FROM "User" u;

CREATE VIEW "NotificationRecipient" AS
  SELECT u.id AS "userId", u.email, u.name,
         COALESCE(p."emailBotAlerts", true) AS "emailBotAlerts",
         COALESCE(p."emailTicketUpdates", true) AS "emailTicketUpdates"
  FROM "User" u LEFT JOIN "UserPreferences" p ON p."userId" = u.id;
