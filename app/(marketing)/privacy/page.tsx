import { LegalPage } from "@/components/site/legal-page";
import { privacyPolicy } from "@/lib/site/legal";
import { pageMetadata } from "@/lib/site/metadata";

export const metadata = pageMetadata({
  title: privacyPolicy.title,
  description: privacyPolicy.description,
  path: privacyPolicy.path,
});

export default function PrivacyPage() {
  return <LegalPage document={privacyPolicy} />;
}
