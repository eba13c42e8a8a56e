/**
 * Text of the legal pages (/privacy, /terms, /cookies, /security), rendered by
 * components/site/legal-page.tsx. Commitments the spec fixes (section 9) are written here once:
 * billing monthly or annually, non-refundable fees, 30 days' notice of price changes, deletion
 * 30 days after cancellation, liability capped at 12 months of payments, and notification of
 * affected stakeholders within 1 hour of a confirmed security incident.
 */

/** A paragraph, a bulleted list, or a table. */
export type LegalBlock =
  string | { list: string[] } | { table: { caption: string; columns: string[]; rows: string[][] } };

export interface LegalSection {
  /** Anchor of the section, used by the table of contents. */
  id: string;
  heading: string;
  content: LegalBlock[];
}

export interface LegalDocument {
  path: string;
  title: string;
  /** For the page's metadata and the header's subtitle. */
  description: string;
  intro: string[];
  sections: LegalSection[];
}

export const legalLastUpdated = { label: "June 15, 2025", iso: "2025-06-15" };

export const legalContacts = {
  privacy: "privacy@cipher.dev",
  legal: "legal@cipher.dev",
  security: "security@cipher.dev",
  support: "support@cipher.dev",
};

/** Mentions of the other legal pages that become links in the text. */
export const legalCrossLinks: Record<string, string> = {
  "Privacy Policy": "/privacy",
  "Terms of Service": "/terms",
  "Cookie Policy": "/cookies",
  "Security page": "/security",
  "contact page": "/contact",
};

/** Key commitments shown as cards at the top of /security. */
export const securityHighlights = [
  { title: "Encrypted everywhere", text: "TLS 1.2+ in transit, AES-256 at rest." },
  { title: "Tokens sealed", text: "Bot tokens encrypted with AES-256-GCM and never shown again." },
  { title: "Isolated bots", text: "Every bot runs in its own sandboxed process." },
  { title: "1-hour notice", text: "Affected stakeholders told within 1 hour of a confirmed incident." },
];

/** The alert of the cookies page's Update Cookie Preferences button. */
export const cookiePreferencesNotice =
  "Cipher only uses essential cookies and one preference cookie (the dashboard sidebar state), so there is nothing to opt in to or out of. You can block or delete cookies at any time in your browser settings.";

export const privacyPolicy: LegalDocument = {
  path: "/privacy",
  title: "Privacy Policy",
  description:
    "What personal data Cipher collects when you build and host Discord bots, why, and the choices you have.",
  intro: [
    "Cipher (“Cipher”, “we”, “us”) lets you describe a Discord bot in plain words, edit the code our AI writes, and host the bot with live logs and analytics. This Privacy Policy explains what information we collect when you use our website, dashboard and hosting (together, the “Service”), how we use it, and the rights you have over it.",
    "We collect only what we need to run the Service well and keep it secure. We do not sell your personal information, and we do not use advertising cookies.",
  ],
  sections: [
    {
      id: "information-we-collect",
      heading: "Information we collect",
      content: [
        "We collect information you give us, information created when your bots run, and a limited amount of technical information from your browser.",
        {
          list: [
            "Account data: your name, username and email address, and a securely hashed password. If you sign in with a third-party identity provider such as Google, we receive your name, email address and profile picture from that provider.",
            "Bot tokens: the Discord bot tokens you paste into Cipher. Tokens are encrypted before they are stored and are never shown again after you save them (see our Security page).",
            "Bot code and configuration: the prompts you write, the code Cipher generates, the edits you make, version history, environment settings and uploaded files, including bots you import with the migration tool.",
            "Logs and analytics: output your bots write to their logs, errors and restarts, and usage metrics such as commands run, servers reached, response times, uptime, CPU and memory use.",
            "Billing data: your plan, invoices and billing address. Card details are collected and stored by our payment processor; we only receive the card type, last four digits and expiry date.",
            "Communications: messages you send through the contact form, support chat, support tickets and partner inquiries, and your newsletter subscription.",
            "Technical data: IP address, browser and device type, pages visited and timestamps, collected in server logs, and the cookies described in our Cookie Policy.",
          ],
        },
        "Cipher does not need the content of your Discord servers to work. Events that Discord sends to your bot pass through our hosting to your code; we only store them if your bot writes them to its logs or database.",
      ],
    },
    {
      id: "how-we-use-information",
      heading: "How we use information",
      content: [
        {
          list: [
            "To provide the Service: create your account, generate and store bot code, run your bots with your token, and show you logs and analytics.",
            "To keep the Service safe: detect abuse, fraud and security incidents, enforce our Terms of Service and protect our users and Discord communities.",
            "To support you: answer messages, tickets and inquiries, and troubleshoot bots you ask us to look at.",
            "To bill you: process payments, send invoices and manage your plan and credits.",
            "To improve Cipher: understand which features are used and where the product fails, using aggregated or de-identified data wherever possible.",
            "To communicate: send service messages such as security alerts and billing notices, and, if you subscribed, our newsletter. You can unsubscribe from the newsletter at any time.",
            "To meet legal obligations, such as tax and accounting rules and lawful requests from authorities.",
          ],
        },
      ],
    },
    {
      id: "ai-processing",
      heading: "AI code generation",
      content: [
        "When you ask Cipher to write or change a bot, your prompt and the relevant code are sent to the AI model providers we work with to generate a response. We require these providers to process the data only to provide their service to us and not to use it to train their models.",
        "Never put secrets such as bot tokens or passwords in prompts. Cipher stores your bot token separately and injects it when your bot starts, so your code does not need to contain it.",
      ],
    },
    {
      id: "legal-bases",
      heading: "Legal bases for processing",
      content: [
        "If you are in the European Economic Area, the United Kingdom or Switzerland, we process personal data on these legal bases:",
        {
          list: [
            "Performance of a contract, to provide the Service you signed up for.",
            "Legitimate interests, to secure and improve the Service and prevent abuse, balanced against your rights.",
            "Consent, for the newsletter and any optional cookies. You can withdraw consent at any time.",
            "Legal obligation, where the law requires us to keep or disclose information.",
          ],
        },
      ],
    },
    {
      id: "sharing",
      heading: "How we share information",
      content: [
        "We do not sell personal information or share it for cross-context behavioral advertising. We share it only in these cases:",
        {
          list: [
            "Service providers that host our infrastructure, generate AI responses, deliver email, process payments and provide customer support tools, under contracts that limit their use of the data to serving us.",
            "Discord: your bot connects to Discord with your token. What your bot sends to and receives from Discord is governed by Discord's own terms and privacy policy.",
            "Integrations you turn on, such as music, streaming or code-hosting services, receive what your bot sends them.",
            "Legal requirements: when we must comply with a law, regulation or valid legal process, or to protect the rights, safety and property of our users, the public or Cipher.",
            "Business transfers: if Cipher is involved in a merger, acquisition or sale of assets, information may be transferred under this policy, and we will tell you beforehand.",
          ],
        },
      ],
    },
    {
      id: "retention",
      heading: "Data retention",
      content: [
        "We keep account data, bot code and bot tokens for as long as your account is active. Runtime logs and detailed analytics are kept for a rolling period that depends on your plan; aggregated statistics may be kept longer.",
        "When you delete a bot, its token is deleted immediately. When you cancel your account, your data may be deleted 30 days after cancellation, as set out in our Terms of Service; export anything you want to keep before then. Encrypted backups are overwritten on a rolling schedule, after which deleted data is gone for good.",
        "We keep billing records for as long as tax and accounting law requires.",
      ],
    },
    {
      id: "security",
      heading: "Security",
      content: [
        "We encrypt data in transit and at rest, encrypt bot tokens separately, run each bot in an isolated process and restrict staff access to what their role requires. Our Security page describes these measures and how we notify affected stakeholders within 1 hour of a confirmed security incident.",
      ],
    },
    {
      id: "your-rights",
      heading: "Your rights and choices",
      content: [
        "Depending on where you live, you have the right to:",
        {
          list: [
            "access the personal data we hold about you and receive a copy in a portable format;",
            "correct data that is inaccurate or incomplete;",
            "delete your data, including by deleting your account;",
            "object to or restrict certain processing, and withdraw consent you have given;",
            "not be discriminated against for exercising any of these rights;",
            "complain to your local data protection authority.",
          ],
        },
        `You can update most account data in the dashboard. For any other request, email ${legalContacts.privacy}. We will verify your identity and answer within 30 days.`,
      ],
    },
    {
      id: "international-transfers",
      heading: "International transfers",
      content: [
        "Cipher and its service providers may process data in countries other than your own. When we transfer personal data out of the European Economic Area, the United Kingdom or Switzerland, we rely on safeguards such as the European Commission's Standard Contractual Clauses.",
      ],
    },
    {
      id: "children",
      heading: "Children",
      content: [
        "Cipher is not directed to children under 13, or under the minimum age required to use Discord or to consent to data processing in their country. We do not knowingly collect their personal data; if you believe a child has given us personal data, contact us and we will delete it.",
      ],
    },
    {
      id: "changes",
      heading: "Changes to this policy",
      content: [
        "We may update this policy as the Service changes. We will change the “Last updated” date above and, for significant changes, notify you by email or in the dashboard before they take effect.",
      ],
    },
    {
      id: "contact",
      heading: "Contact us",
      content: [
        `Questions about this policy or your data? Email ${legalContacts.privacy} or write to us through the contact page.`,
      ],
    },
  ],
};

export const termsOfService: LegalDocument = {
  path: "/terms",
  title: "Terms of Service",
  description:
    "The terms that apply when you use Cipher to build, edit and host Discord bots, including billing and cancellation.",
  intro: [
    "These Terms of Service (“Terms”) are an agreement between you and Cipher (“Cipher”, “we”, “us”) and govern your use of the Cipher website, dashboard, AI code generation and bot hosting (together, the “Service”).",
    "By creating an account or using the Service you agree to these Terms. If you use Cipher on behalf of an organization, you agree to them on its behalf and confirm you have the authority to do so.",
  ],
  sections: [
    {
      id: "the-service",
      heading: "The Service",
      content: [
        "Cipher lets you describe a Discord bot in plain words, generates code for it with AI, lets you edit that code in the browser, and hosts the bot using the bot token you provide. Features, limits and included credits depend on your plan.",
        "Cipher is an independent service and is not affiliated with, endorsed by or sponsored by Discord Inc. Your use of Discord, including your bot's use of the Discord API, is also subject to Discord's Terms of Service, Developer Terms of Service and Developer Policy.",
      ],
    },
    {
      id: "accounts",
      heading: "Your account",
      content: [
        {
          list: [
            "You must be at least 13 years old, and old enough to use Discord in your country, to use Cipher. To buy a paid plan you must be able to enter a binding contract.",
            "Give accurate information when you sign up and keep it up to date.",
            "Keep your password and sign-in methods secure. You are responsible for everything that happens under your account; tell us right away if you suspect unauthorized access.",
          ],
        },
      ],
    },
    {
      id: "your-bots",
      heading: "Your bots, tokens and content",
      content: [
        "You keep all rights to the prompts, code, files and other content you bring to or create with Cipher (“Your Content”), including the code Cipher generates for you. You give us a limited license to store, copy, run and process Your Content only as needed to provide, secure and support the Service.",
        "When you add a bot token, you authorize Cipher to use it to run your bot on your behalf. You must own the bot or be authorized by its owner, and you remain responsible for what your bot does, including its compliance with Discord's terms and the rules of the servers it joins.",
      ],
    },
    {
      id: "ai-generated-code",
      heading: "AI-generated code",
      content: [
        "Code produced by AI can contain mistakes, security issues or behavior you did not intend, and it may resemble code generated for other users. Review and test generated code before you run it in a community. Generated code is provided “as is”, and you are responsible for the code you choose to deploy.",
      ],
    },
    {
      id: "acceptable-use",
      heading: "Acceptable use",
      content: [
        "You must not use Cipher, or run a bot on Cipher, to:",
        {
          list: [
            "spam, raid, harass, threaten or deceive people, or evade bans and moderation;",
            "collect personal data of Discord users without their consent or a lawful basis, or scrape Discord in violation of its terms;",
            "distribute malware, phishing links or token grabbers, or take over accounts;",
            "infringe intellectual property rights, or share content that is illegal or sexually exploits minors;",
            "attack, probe or overload Cipher, Discord or any other system, or try to escape your bot's sandbox or access another user's bots or data;",
            "mine cryptocurrency, or run workloads unrelated to a chat bot on our hosting;",
            "resell the Service without a written partner agreement with us.",
          ],
        },
        "We may remove content, stop a bot or suspend an account that breaks these rules. Where we reasonably can, we will tell you first and give you a chance to fix the problem.",
      ],
    },
    {
      id: "billing",
      heading: "Plans, billing and payment",
      content: [
        {
          list: [
            "Paid plans are billed in advance, monthly or annually, depending on the billing period you choose, and renew automatically at the end of each period until you cancel.",
            "All fees are non-refundable, including for partial billing periods, unused credits and downgrades, except where the law requires a refund.",
            "We will give you at least 30 days' notice of any price change. The new price applies from your next billing period after the notice period ends; if you do not agree, you can cancel before then.",
            "Monthly usage credits included in a plan are for the Service only, have no cash value and expire at the end of the period unless your plan says otherwise.",
            "Free trials last for the period shown when you sign up. At the end of a trial you need a paid plan to keep using paid features.",
            "Prices exclude taxes unless stated otherwise. If a payment fails, we may suspend paid features, including hosting, until it is settled.",
          ],
        },
      ],
    },
    {
      id: "cancellation",
      heading: "Cancellation and termination",
      content: [
        "You can cancel your plan at any time from the dashboard. Cancellation takes effect at the end of the current billing period, and you keep access until then.",
        "After cancellation, or if we terminate your account, your bots are stopped and your data, including bot code, tokens, logs and analytics, may be deleted 30 days after cancellation. Export anything you want to keep before then.",
        "We may suspend or terminate your access if you materially breach these Terms, if your use creates a security or legal risk, or if we are required to by law. Sections that by their nature should survive termination, such as liability limits, survive it.",
      ],
    },
    {
      id: "availability",
      heading: "Availability and changes to the Service",
      content: [
        "We work hard to keep Cipher and your bots online, and we publish our uptime goals, but unless you have a separate written service-level agreement we do not guarantee that the Service will be uninterrupted or error-free. We may perform maintenance, and we will try to announce planned downtime in advance.",
        "We may add, change or remove features. If we remove a material feature of a paid plan, we will tell you in advance.",
      ],
    },
    {
      id: "intellectual-property",
      heading: "Our intellectual property",
      content: [
        "Cipher, its software, design, templates, documentation and brand belong to us and our licensors. These Terms give you a right to use the Service, not ownership of it. If you send us feedback, we may use it without obligation to you.",
      ],
    },
    {
      id: "third-party-services",
      heading: "Third-party services",
      content: [
        "The Service works with third-party services such as Discord, identity providers, payment processors and the integrations you enable. We are not responsible for those services, and your use of them is governed by their own terms.",
      ],
    },
    {
      id: "disclaimers",
      heading: "Disclaimers",
      content: [
        "To the fullest extent permitted by law, the Service is provided “as is” and “as available”, without warranties of any kind, express or implied, including warranties of merchantability, fitness for a particular purpose and non-infringement.",
      ],
    },
    {
      id: "limitation-of-liability",
      heading: "Limitation of liability",
      content: [
        "To the fullest extent permitted by law, Cipher will not be liable for any indirect, incidental, special, consequential or punitive damages, or for lost profits, revenue, data or goodwill, arising out of or related to the Service.",
        "Cipher's total liability for all claims arising out of or related to these Terms or the Service is limited to the amount you paid Cipher in the 12 months before the event giving rise to the claim.",
        "Some jurisdictions do not allow these limits, so they may not apply to you in full; nothing in these Terms limits liability that cannot be limited by law.",
      ],
    },
    {
      id: "indemnification",
      heading: "Indemnification",
      content: [
        "You agree to defend and indemnify Cipher against claims, damages and costs arising from Your Content, your bots or your breach of these Terms, except to the extent caused by Cipher.",
      ],
    },
    {
      id: "changes",
      heading: "Changes to these Terms",
      content: [
        "We may update these Terms. We will change the “Last updated” date above and, for material changes, notify you by email or in the dashboard at least 30 days before they take effect. If you keep using the Service after that, the new Terms apply; if you do not agree, you can cancel.",
      ],
    },
    {
      id: "general",
      heading: "General",
      content: [
        "These Terms are governed by the laws of the place where Cipher is established, without regard to conflict-of-law rules, except where consumer protection law in your country gives you the right to rely on its law and courts. If a provision is found unenforceable, the rest remains in effect. Failing to enforce a provision is not a waiver of it. You may not transfer these Terms without our consent; we may transfer them as part of a merger or sale of assets.",
      ],
    },
    {
      id: "contact",
      heading: "Contact us",
      content: [`Questions about these Terms? Email ${legalContacts.legal}.`],
    },
  ],
};

export const cookiePolicy: LegalDocument = {
  path: "/cookies",
  title: "Cookie Policy",
  description:
    "The few cookies Cipher uses to keep you signed in and remember your preferences, and how to control them.",
  intro: [
    "This Cookie Policy explains which cookies Cipher uses on its website and dashboard, what they do and how you can control them. We keep cookies to a minimum: the ones that keep you signed in and safe, and a few that remember your preferences.",
  ],
  sections: [
    {
      id: "what-are-cookies",
      heading: "What cookies are",
      content: [
        "Cookies are small text files a website stores in your browser. They let the site recognize your browser on later visits, for example to keep you signed in. Cookies set by the site you visit are first-party cookies; cookies set by other domains are third-party cookies.",
      ],
    },
    {
      id: "cookies-we-use",
      heading: "Cookies we use",
      content: [
        "Cipher only sets first-party cookies:",
        {
          table: {
            caption: "Cookies set by Cipher",
            columns: ["Cookie", "Purpose", "Type", "Expires"],
            rows: [
              [
                "authjs.session-token",
                "Keeps you signed in to your account.",
                "Essential",
                "30 days, or when you sign out",
              ],
              [
                "authjs.csrf-token",
                "Protects sign-in and account forms against cross-site request forgery.",
                "Essential",
                "End of browser session",
              ],
              [
                "authjs.callback-url",
                "Returns you to the page you were on after signing in.",
                "Essential",
                "End of browser session",
              ],
              [
                "cipher-signup-browser",
                "Lets the confirmation link sign you in only in the browser you signed up in.",
                "Essential",
                "48 hours, or when you confirm your email",
              ],
              [
                "sidebar_state",
                "Remembers whether the dashboard sidebar is expanded or collapsed.",
                "Preference",
                "7 days",
              ],
            ],
          },
        },
        "Essential cookies are needed for the Service to work and cannot be switched off in Cipher. Preference cookies make the dashboard more convenient; if you block them, Cipher still works but forgets those settings.",
      ],
    },
    {
      id: "what-we-do-not-use",
      heading: "What we don't use",
      content: [
        {
          list: [
            "No third-party advertising cookies and no cross-site tracking.",
            "No cookies that build a profile of you for marketing.",
            "No sale of cookie data to anyone.",
          ],
        },
        "We understand how the website is used from aggregated server logs, which do not need cookies.",
      ],
    },
    {
      id: "managing-cookies",
      heading: "Managing cookies",
      content: [
        "Every browser lets you see, block and delete cookies in its settings. If you block essential cookies you will not be able to sign in. The Update Cookie Preferences button at the top of this page explains the current choices.",
        "Signing out removes the session cookie. Clearing your browser's cookies for this site removes all of the cookies above.",
      ],
    },
    {
      id: "changes",
      heading: "Changes to this policy",
      content: [
        "If we start using new cookies, we will update this page and its “Last updated” date first, and ask for your consent wherever the law requires it.",
      ],
    },
    {
      id: "contact",
      heading: "Contact us",
      content: [`Questions about cookies? Email ${legalContacts.privacy}.`],
    },
  ],
};

export const securityPolicy: LegalDocument = {
  path: "/security",
  title: "Security",
  description:
    "How Cipher protects your account, bot tokens, code and logs, how we respond to incidents, and how to report a vulnerability.",
  intro: [
    "Your bot token is the key to your bot, and your code and logs are your work. This page describes how Cipher protects them, how we respond when something goes wrong, and how you can report a vulnerability to us.",
  ],
  sections: [
    {
      id: "encryption-in-transit",
      heading: "Encryption in transit",
      content: [
        "All traffic to the Cipher website, dashboard and API uses HTTPS with TLS 1.2 or newer, and HTTP Strict Transport Security tells browsers never to connect without it. Connections between our own services, our database and our hosting infrastructure are encrypted too.",
      ],
    },
    {
      id: "encryption-at-rest",
      heading: "Encryption at rest",
      content: [
        "Databases, file storage, logs and backups are encrypted at rest with AES-256. Backups are encrypted before they leave the system that makes them, and restores are tested regularly.",
      ],
    },
    {
      id: "bot-tokens",
      heading: "Bot token encryption",
      content: [
        {
          list: [
            "Bot tokens are encrypted with AES-256-GCM before they are stored, using keys kept separately from the database, so a copy of the database alone does not reveal them.",
            "Tokens are write-only: once saved, the dashboard never shows them again, and they are not included in exports, logs or support tools.",
            "A token is decrypted only in memory, by the hosting runner, at the moment your bot starts.",
            "If a token appears in your bot's log output, we mask it before the log is stored or shown.",
            "You can replace a token at any time. If you think it has leaked, reset it in the Discord Developer Portal first, then paste the new one into Cipher.",
          ],
        },
      ],
    },
    {
      id: "bot-isolation",
      heading: "Isolation of bot processes",
      content: [
        "Every bot runs in its own sandboxed process with its own file system and its own limits on CPU, memory and disk. A bot cannot read another bot's code, files, environment or token, and a bot that crashes or misbehaves affects only itself; the runner restarts it on its own.",
        "Bots receive only the environment they need to run. Outbound network access is limited to what a chat bot needs, and the runner's internal services are not reachable from bot code.",
      ],
    },
    {
      id: "account-security",
      heading: "Account security",
      content: [
        {
          list: [
            "Passwords are stored only as salted hashes made with a slow, modern password-hashing algorithm.",
            "You can sign in with a third-party identity provider such as Google instead of a password.",
            "Session cookies are HttpOnly, Secure and SameSite, and forms are protected against cross-site request forgery.",
            "Every request that reads or changes a bot checks that it belongs to the signed-in account.",
          ],
        },
      ],
    },
    {
      id: "access-and-monitoring",
      heading: "Access control and monitoring",
      content: [
        "Staff access to production systems follows the principle of least privilege, requires multi-factor authentication and is logged. Access is reviewed regularly and removed when no longer needed. Our systems are monitored around the clock for availability and suspicious activity, and dependencies are scanned and patched continuously.",
      ],
    },
    {
      id: "incident-response",
      heading: "Incident response",
      content: [
        "We keep a written incident response plan and practice it. If we confirm a security incident that affects your data, we notify affected stakeholders within 1 hour of confirming it, by email and in the dashboard.",
        "The notice says what happened, what data is involved, what we have done and what you should do, such as resetting a bot token. We send updates until the incident is resolved, followed by a post-incident report, and we inform authorities where the law requires it.",
      ],
    },
    {
      id: "responsible-disclosure",
      heading: "Responsible disclosure",
      content: [
        `If you believe you have found a security vulnerability in Cipher, please email ${legalContacts.security} with a description, the steps to reproduce it and its potential impact. We acknowledge reports within 2 business days and keep you informed until the issue is fixed.`,
        "While researching, please:",
        {
          list: [
            "test only against your own account and bots, and never access, change or delete other users' data;",
            "not run denial-of-service tests, spam or social engineering against our users or staff;",
            "not use or share a bot token or credential you come across, and report it to us immediately;",
            "give us reasonable time to fix the issue before you disclose it publicly.",
          ],
        },
        "We will not pursue legal action against research carried out in good faith under these rules, and we are happy to credit you publicly once the issue is fixed.",
      ],
    },
    {
      id: "your-part",
      heading: "Your part",
      content: [
        {
          list: [
            "Never share your bot token or paste it into prompts, code or support messages.",
            "Turn on two-factor authentication for your Discord account and the account that owns your bot.",
            "Give your bot only the Discord permissions and intents it needs.",
            "Review generated code before you deploy it, especially code that handles user data.",
          ],
        },
      ],
    },
    {
      id: "contact",
      heading: "Contact us",
      content: [
        `Report vulnerabilities to ${legalContacts.security}. For other security questions, email ${legalContacts.support}.`,
      ],
    },
  ],
};
