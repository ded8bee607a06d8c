import { t, type Key } from "../lib/i18n";
import { href, pathHref, type RouteName } from "../lib/href";
import { formatDate } from "../lib/date";
import { PageHead } from "../components/PageHead";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { RichText } from "../components/RichText";
import { Picture } from "../components/Picture";
import { imageURL } from "../lib/picture";
import { JsonLd } from "../components/JsonLd";
import { postLD } from "../lib/structuredData";
import type { PostDetailPage } from "../gen/content";
import type { RenderProps } from "../types";
import "./Content.css";

/** Post is /article/{slug} and /news/{slug}: the sanitised body with author, date and reading time. */
export function Post(props: RenderProps<PostDetailPage>) {
  const { lang, region } = props;
  const p = props.data.post;
  const place = { lang, region: region.slug };
  const title = p.title;
  const list: RouteName = p.kind === "article" ? "articles" : p.kind;
  return (
    <>
      <PageHead
        title={`${title} | ${t(lang, "site.name")}`}
        description={p.summary}
        url={props.url}
        noindex={props.noindex}
        image={p.cover ? imageURL(p.cover, "cover", 2) : undefined}
        type="article"
      />
      <Breadcrumbs lang={lang} url={props.url} items={[{ href: href("home", {}, place), label: t(lang, "nav.home") }, { href: href(list, {}, place), label: t(lang, `posts.${p.kind}.heading` as Key) }]} />
      <JsonLd data={postLD(p, lang, props.url)} />
      <article className="post">
        <h1 className="page-title">{title}</h1>
        <p className="post-meta">
          <time dateTime={p.publishedOn}>{formatDate(p.publishedOn, lang)}</time> · <span className="post-author">{p.author}</span> ·{" "}
          {t(lang, "posts.reading", { n: p.readingMinutes })}
        </p>
        <Picture className="post-cover" hash={p.cover} size="cover" alt={title} priority />
        <RichText className="post-body" html={p.body ?? ""} />
      </article>
      {p.doctors && p.doctors.length > 0 && (
        <section className="post-related post-related--doctors">
          <h2>{t(lang, "posts.doctors")}</h2>
          <ul>
            {p.doctors.map((d) => (
              <li key={d.slug}>
                <a href={href("doctor", { slug: d.slug }, place)}>{d.name}</a> — {d.detail}
              </li>
            ))}
          </ul>
        </section>
      )}
      {p.clinics && p.clinics.length > 0 && (
        <section className="post-related post-related--clinics">
          <h2>{t(lang, "posts.clinics")}</h2>
          <ul>
            {p.clinics.map((c) => (
              <li key={c.slug}>
                <a href={pathHref(`/klinika/${c.slug}`, place)}>{c.name}</a> — {c.detail}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
