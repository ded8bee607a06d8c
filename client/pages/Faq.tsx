import { t } from "../lib/i18n";
import { href } from "../lib/href";
import { PageHead } from "../components/PageHead";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { RichText } from "../components/RichText";
import { JsonLd } from "../components/JsonLd";
import type { FAQPage } from "../gen/content";
import type { RenderProps } from "../types";
import "./Content.css";

/** stripTags reduces sanitised HTML to its text, for structured data. */
function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();
}

/** Faq is /faq: questions and answers, with FAQPage structured data. */
export function Faq(props: RenderProps<FAQPage>) {
  const { lang, region, data } = props;
  const place = { lang, region: region.slug };
  const structured = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: data.items.map((q) => ({
      "@type": "Question",
      name: q.question,
      acceptedAnswer: { "@type": "Answer", text: stripTags(q.answer) },
    })),
  };
  return (
    <>
      <PageHead title={t(lang, "faq.title")} description={t(lang, "faq.description")} url={props.url} noindex={props.noindex} />
      <JsonLd data={structured} />
      <Breadcrumbs lang={lang} url={props.url} items={[{ href: href("home", {}, place), label: t(lang, "nav.home") }]} />
      <h1 className="page-title">{t(lang, "faq.heading")}</h1>
      <div className="faq">
        {data.items.map((q) => (
          <details key={q.id} className="faq__item">
            <summary>{q.question}</summary>
            <RichText html={q.answer} />
          </details>
        ))}
      </div>
    </>
  );
}
