/** The four-step guide of /getting-started (spec section 2). */
export interface GuideStep {
  title: string;
  description: string;
  /** Ordered sub-steps, when the step has several. */
  instructions: string[];
  link?: { href: string; label: string; external?: boolean };
}

export const developerPortalUrl = "https://discord.com/developers/applications";

export const guideSteps: GuideStep[] = [
  {
    title: "Create your account",
    description: "Sign up with your email or a Google account. Your 30-day free trial starts with $5 in credits.",
    instructions: [
      "Choose a username and confirm your email address.",
      "Land in your dashboard, where every bot you build will live.",
    ],
    link: { href: "/signup", label: "Create your account" },
  },
  {
    title: "Connect your bot token",
    description:
      "Your bot signs in to Discord with a token from the Discord Developer Portal. Cipher encrypts it at rest and never shows it again.",
    instructions: [
      "Open the Developer Portal and choose New Application; give it your bot's name.",
      "In the Bot tab, choose Reset Token and copy the token. Treat it like a password.",
      "Under Privileged Gateway Intents, turn on only what your bot needs, such as Server Members or Message Content.",
      "Once your bot exists in Cipher, paste the token in the Bot token card on its Overview.",
      "Invite it with Invite to server on the bot's page: Cipher makes Discord's link with the bot and applications.commands scopes and the permissions its code uses.",
    ],
    link: { href: developerPortalUrl, label: "Open the Developer Portal", external: true },
  },
  {
    title: "Build your bot",
    description:
      "Make your bot in the Visual Bot Builder: its commands, the events it answers and who may use them, as forms. No code needed; Cipher writes readable code from them, and Check it tries every command and event in a private test server.",
    instructions: [
      "In your dashboard, choose Create New Bot, then Start from scratch in the Builder, or open one of the templates in the Builder.",
      "Pick JavaScript (discord.js) or Python.",
      "Add commands and events with the actions the bot takes, for example a /warn that times a member out on the second strike. Save turns them into code.",
    ],
  },
  {
    title: "Edit, test and host",
    description: "Open the code in the browser editor, change what you like, then press Start to host your bot.",
    instructions: [
      "Keep changing the bot in the Builder, or edit the code yourself in the Code tab; every save is kept as a version.",
      "Try its commands in the Test tab's simulated server before your members see them.",
      "Start the bot and watch its live logs as it connects.",
      "Follow commands, errors and uptime in analytics; roll back a version if something breaks.",
    ],
    link: { href: "/templates", label: "Or start from a template" },
  },
];
