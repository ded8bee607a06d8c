import { t } from "../lib/i18n";
import { href } from "../lib/href";
import { PageHead } from "../components/PageHead";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { LetterIndex, letterId } from "../components/LetterIndex";
import type { IndexPage } from "../gen/knowledge";
import type { RenderProps } from "../types";
import "./Knowledge.css";

/** KnowledgeIndex is /bolezn and /simptom: every entry, grouped by initial letter. */
export function KnowledgeIndex(props: RenderProps<IndexPage>) {
  const { lang, region, data } = props;
  const place = { lang, region: region.slug };
  const regionName = region.name;
  const diseases = props.route === "diseases";
  const kind = diseases ? "diseases" : "symptoms";
  const entryRoute = diseases ? "disease" : "symptom";
  return (
    <>
      <PageHead
        title={t(lang, `knowledge.${kind}.title`, { region: regionName })}
        description={t(lang, `knowledge.${kind}.description`, { region: regionName })}
        url={props.url}
        noindex={props.noindex}
      />
      <Breadcrumbs lang={lang} url={props.url} items={[{ href: href("home", {}, place), label: t(lang, "nav.home") }]} />
      <h1 className="page-title">{t(lang, `knowledge.${kind}.heading`)}</h1>
      <LetterIndex lang={lang} letters={data.groups.map((g) => g.letter)} />
      <div className="knowledge-index">
        {data.groups.map((g) => (
          <section key={g.letter} className="knowledge-index__group" id={letterId(g.letter)}>
            <h2 className="knowledge-index__letter">{g.letter}</h2>
            <ul>
              {g.entries.map((e) => (
                <li key={e.id}>
                  <a href={href(entryRoute, { slug: e.slug }, place)}>{e.name}</a>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}
