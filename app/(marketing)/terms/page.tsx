import { LegalPage } from "@/components/site/legal-page";
import { termsOfService } from "@/lib/site/legal";
import { pageMetadata } from "@/lib/site/metadata";

export const metadata = pageMetadata({
  title: termsOfService.title,
  description: termsOfService.description,
  path: termsOfService.path,
});

export default function TermsPage() {
  return <LegalPage document={termsOfService} />;
}
