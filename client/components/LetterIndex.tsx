import { t, type Lang } from "../lib/i18n";
import "./LetterIndex.css";

/** alphabet is the visitor's alphabet: Cyrillic for Russian, Latin (with O', G', Sh, Ch) for Uzbek. */
export function alphabet(lang: Lang): string[] {
  const raw = t(lang, "knowledge.alphabet");
  return raw.includes(" ") ? raw.split(" ") : Array.from(raw);
}

/**
 * LetterIndex is the row of letters above an alphabetical index: letters with
 * entries link to their section, the others are shown dimmed. Letters present
 * but outside the alphabet (digits, Latin abbreviations) are appended.
 */
export function LetterIndex({ lang, letters }: { lang: Lang; letters: string[] }) {
  const present = new Set(letters);
  const all = alphabet(lang);
  for (const l of letters) if (!all.includes(l)) all.push(l);
  return (
    <nav className="letter-index" aria-label={t(lang, "knowledge.letters")}>
      {all.map((l) =>
        present.has(l) ? (
          <a key={l} href={"#" + letterId(l)}>{l}</a>
        ) : (
          <span key={l} aria-disabled="true">{l}</span>
        ),
      )}
    </nav>
  );
}

/** letterId is the id of a letter's section, the target of the letter index. */
export function letterId(letter: string): string {
  return "letter-" + Array.from(letter).map((c) => c.codePointAt(0)!.toString(16)).join("-");
}
