/**
 * The frame of every Cipher email: a dark header with the wordmark, a white card that stays
 * readable in light-themed mail clients, and the footer. Inline styles only, as mail clients expect.
 */
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import { Fragment, type CSSProperties, type ReactNode } from "react";

export const brand = {
  violet: "#6d5df5",
  dark: "#14121f",
  text: "#1f1d2b",
  muted: "#5c5a6e",
  page: "#f4f4f7",
  border: "#e4e3ec",
} as const;

export const footerLine = "Cipher · Build, edit and host Discord bots";

const fontFamily =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif, "Apple Color Emoji"';

export const styles = {
  heading: { color: brand.text, fontSize: "22px", lineHeight: "30px", fontWeight: 700, margin: "0 0 16px" },
  text: { color: brand.text, fontSize: "15px", lineHeight: "24px", margin: "0 0 16px" },
  muted: { color: brand.muted, fontSize: "13px", lineHeight: "20px", margin: "0 0 12px" },
  link: { color: brand.violet, textDecoration: "underline", wordBreak: "break-all" },
  label: { color: brand.muted, fontSize: "12px", lineHeight: "18px", margin: "0", textTransform: "uppercase" },
  value: { color: brand.text, fontSize: "15px", lineHeight: "22px", margin: "0 0 14px" },
} satisfies Record<string, CSSProperties>;

interface EmailLayoutProps {
  /** The inbox preview line. */
  preview: string;
  heading: string;
  children: ReactNode;
  /** Extra lines above the brand line in the footer (e.g. the unsubscribe link). */
  footer?: ReactNode;
}

export function EmailLayout({ preview, heading, children, footer }: EmailLayoutProps) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: brand.page, fontFamily, margin: 0, padding: "24px 0" }}>
        <Container style={{ maxWidth: "560px", width: "100%", margin: "0 auto" }}>
          <Section
            style={{
              backgroundColor: brand.dark,
              borderRadius: "12px 12px 0 0",
              borderBottom: `4px solid ${brand.violet}`,
              padding: "20px 32px",
            }}
          >
            <Text style={{ color: "#ffffff", fontSize: "20px", lineHeight: "28px", fontWeight: 700, margin: 0 }}>
              <span style={{ color: brand.violet }}>◆</span> Cipher
            </Text>
          </Section>
          <Section
            style={{
              backgroundColor: "#ffffff",
              border: `1px solid ${brand.border}`,
              borderTop: "none",
              borderRadius: "0 0 12px 12px",
              padding: "32px",
            }}
          >
            <Heading as="h1" style={styles.heading}>
              {heading}
            </Heading>
            {children}
          </Section>
          <Section style={{ padding: "20px 32px", textAlign: "center" }}>
            {footer}
            <Text style={{ ...styles.muted, margin: 0 }}>{footerLine}</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** The main call to action, followed by the same link as text for clients that hide buttons. */
export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <>
      <Section style={{ margin: "8px 0 24px" }}>
        <Button
          href={href}
          style={{
            backgroundColor: brand.violet,
            borderRadius: "8px",
            color: "#ffffff",
            fontSize: "15px",
            fontWeight: 600,
            padding: "12px 24px",
            textDecoration: "none",
          }}
        >
          {children}
        </Button>
      </Section>
      {/* The plain-text version already shows the button's link. */}
      <Text style={styles.muted} data-skip-in-text="true">
        Or copy this link into your browser:{" "}
        <Link href={href} style={styles.link}>
          {href}
        </Link>
      </Text>
    </>
  );
}

export function Divider() {
  return <Hr style={{ borderColor: brand.border, margin: "24px 0" }} />;
}

/** Text typed by a person, with its line breaks kept. */
export function MultilineText({ text, style }: { text: string; style?: CSSProperties }) {
  const lines = text.split(/\r\n|\r|\n/);
  return (
    <Text style={{ ...styles.text, ...style }}>
      {lines.map((line, index) => (
        <Fragment key={index}>
          {index > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </Text>
  );
}

/** A labelled value in an internal notification; "—" when empty. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === "";
  return (
    <>
      <Text style={styles.label}>{label}</Text>
      <Text style={styles.value}>{empty ? "—" : children}</Text>
    </>
  );
}

/** Greeting with a name when there is one. */
export function greeting(name: string | null | undefined): string {
  const trimmed = name?.trim();
  return trimmed ? `Hi ${trimmed},` : "Hi there,";
}

/** Only web and mail addresses become links; anything else is shown as text. */
export function isSafeHref(value: string): boolean {
  return /^(https?:\/\/|mailto:)/i.test(value.trim());
}
