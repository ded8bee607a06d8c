import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from "react";
import { t, type Key, type Lang } from "../lib/i18n";
import { markReady } from "../lib/ready";
import limits from "../../shared/limits.json";
import type { Suggestion, SuggestGroup, SuggestList } from "../gen/search";
import imageSizes from "../../shared/images.json";
import "./SearchBox.css";

export interface SearchBoxProps {
  lang: Lang;
  /** action is the results page the form submits to (/search, /uz/search). */
  action: string;
  /** region is the visitor's region slug, sent to /api/suggest for ranking and links. */
  region: string;
  /** query prefills the box (the results page echoes its query). */
  query?: string;
}

/** MIN_QUERY: suggestions start after more than one character (spec §4). */
export const MIN_QUERY = limits.suggestMinChars;
const MAX_SUGGESTIONS = limits.suggestMax;
const thumb = imageSizes.sizes.thumb;
const DEBOUNCE_MS = 200;

/** highlight wraps the first case-insensitive occurrence of query in name with <mark>. */
export function highlight(name: string, query: string): ReactNode {
  const q = query.trim();
  const at = q ? name.toLowerCase().indexOf(q.toLowerCase()) : -1;
  if (at < 0) return name;
  return (
    <>
      {name.slice(0, at)}
      <mark>{name.slice(at, at + q.length)}</mark>
      {name.slice(at + q.length)}
    </>
  );
}

/** capped keeps the first max items of the groups, in order, and drops emptied groups. */
export function capped(groups: SuggestGroup[], max: number): SuggestGroup[] {
  const out: SuggestGroup[] = [];
  let left = max;
  for (const g of groups) {
    if (left <= 0) break;
    const items = g.items.slice(0, left);
    left -= items.length;
    if (items.length > 0) out.push({ group: g.group, items });
  }
  return out;
}

/**
 * useSuggestions fetches the suggestions for value, debounced; a newer
 * keystroke aborts the older request. It returns the groups and a way to
 * forget them.
 */
function useSuggestions(value: string, lang: Lang, region: string, onArrive: () => void) {
  const [groups, setGroups] = useState<SuggestGroup[]>([]);
  useEffect(() => {
    const q = value.trim();
    if (q.length < MIN_QUERY) {
      setGroups([]);
      onArrive();
      return;
    }
    const ctrl = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const params = new URLSearchParams({ q, lang, region });
        const res = await fetch(`/api/suggest?${params}`, { signal: ctrl.signal });
        const body: SuggestList = res.ok ? ((await res.json()) as SuggestList) : { data: [], groups: [] };
        setGroups(capped(body.groups ?? [], MAX_SUGGESTIONS));
        onArrive();
      } catch {
        // Aborted by a newer keystroke, or offline: no suggestions.
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
    // Not onArrive: it only resets the active option, and a new one each
    // render must not fetch again.
  }, [value, lang, region]);
  return [groups, () => setGroups([])] as const;
}

/** useClickOutside calls onOutside for a click anywhere but inside ref's element. */
function useClickOutside(ref: RefObject<HTMLElement | null>, onOutside: () => void) {
  const latest = useRef(onOutside);
  latest.current = onOutside;
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) latest.current();
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [ref]);
}

/**
 * nextActive moves the active option by step through the cycle text,
 * options..., text (-1 is the text itself).
 */
function nextActive(active: number, step: number, count: number): number {
  const next = active + step;
  if (next >= count) return -1;
  if (next < -1) return count - 1;
  return next;
}

/**
 * SearchBox is the header search: a plain GET form to the results page
 * (works without JavaScript) that, once hydrated, suggests as you type.
 * It is an ARIA combobox: arrows move through the options, Enter opens
 * the active one (or submits the text), Escape closes the list.
 */
export default function SearchBox({ lang, action, region, query = "" }: SearchBoxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [value, setValue] = useState(query);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const [groups, forget] = useSuggestions(value, lang, region, () => setActive(-1));
  // items are the options in the order they are shown (group after
  // group), for the arrow keys.
  const items: Suggestion[] = groups.flatMap((g) => g.items);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => markReady(formRef.current), []);
  // A click outside closes the list and forgets the suggestions.
  useClickOutside(formRef, () => {
    setOpen(false);
    forget();
    setActive(-1);
  });

  const expanded = open && items.length > 0;
  const clear = () => {
    setValue("");
    forget();
    setActive(-1);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (items.length === 0) return;
      e.preventDefault();
      setOpen(true);
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((a) => nextActive(a, step, items.length));
    } else if (e.key === "Enter" && expanded && active >= 0 && active < items.length) {
      e.preventDefault();
      window.location.assign(items[active].url);
    } else if (e.key === "Escape") {
      if (expanded) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else {
        clear();
      }
    }
  };

  return (
    <form ref={formRef} className="header__search search-box" action={action} method="get" role="search">
      <label className="visually-hidden" htmlFor="header-search">{t(lang, "search.label")}</label>
      <div className="search-box__field">
        <input
          id="header-search"
          // text, not search: HTML allows role=combobox (ARIA 1.2) only on
          // a text input; the phone keyboard still shows its search key.
          type="text"
          inputMode="search"
          enterKeyHint="search"
          name="q"
          value={value}
          placeholder={t(lang, "search.placeholder")}
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${id}-opt-${active}` : undefined}
          maxLength={limits.searchQueryMax}
          onChange={(e) => {
            setValue(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
        {value !== "" && (
          <button type="button" className="search-box__clear" aria-label={t(lang, "search.clear")} onClick={clear}>
            ×
          </button>
        )}
        <div id={listId} role="listbox" className="search-box__list" aria-label={t(lang, "search.suggestions")} hidden={!expanded}>
          {expanded && <SuggestionGroups id={id} lang={lang} groups={groups} active={active} query={value} onHover={setActive} />}
        </div>
      </div>
      <button type="submit" className="button">{t(lang, "search.button")}</button>
    </form>
  );
}

interface SuggestionGroupsProps {
  id: string;
  lang: Lang;
  groups: SuggestGroup[];
  active: number;
  query: string;
  onHover: (index: number) => void;
}

/** SuggestionGroups are the listbox's options, group after group, each option numbered across the groups. */
function SuggestionGroups({ id, lang, groups, active, query, onHover }: SuggestionGroupsProps) {
  return groups.map((g, gi) => {
    // Each option's index in items, across the groups.
    const start = groups.slice(0, gi).reduce((n, x) => n + x.items.length, 0);
    return (
      <ul key={g.group} role="group" className="search-box__group" data-group={g.group} aria-labelledby={`${id}-group-${gi}`}>
        <li role="presentation" id={`${id}-group-${gi}`} className="search-box__heading">
          {t(lang, `search.heading.${g.group}` as Key)}
        </li>
        {g.items.map((item, j) => (
          <SuggestionOption key={item.url} id={`${id}-opt-${start + j}`} lang={lang} item={item} selected={start + j === active} query={query} onHover={() => onHover(start + j)} />
        ))}
      </ul>
    );
  });
}

interface SuggestionOptionProps {
  id: string;
  lang: Lang;
  item: Suggestion;
  selected: boolean;
  query: string;
  onHover: () => void;
}

function SuggestionOption({ id, lang, item, selected, query, onHover }: SuggestionOptionProps) {
  return (
    <li id={id} role="option" aria-selected={selected} className="search-box__option" data-type={item.type} onMouseEnter={onHover}>
      <a href={item.url} tabIndex={-1}>
        {item.image && (
          <img
            className="search-box__thumb"
            src={item.image}
            srcSet={item.imageSrcSet}
            width={thumb.width}
            height={thumb.height}
            alt={item.name}
            loading="lazy"
            decoding="async"
          />
        )}
        <span className="search-box__name">
          {highlight(item.name, query)}
          {/* Namesakes apart: a doctor's specialty and clinic, a clinic's address, under the name. */}
          {(item.type === "doctor" || item.type === "clinic") && item.description && <span className="search-box__desc">{item.description}</span>}
        </span>
        <span className="search-box__type">{t(lang, `search.type.${item.type}` as Key)}</span>
      </a>
    </li>
  );
}
