// Types of the knowledge data the Go loaders send (server/knowledge JSON tags).
import type { DoctorSummary, SpecialtyRef } from "./catalog";

export interface Entry {
  id: number;
  slug: string;
  nameRu: string;
  nameUz: string;
}

export interface EntryArticle extends Entry {
  descriptionRu: string;
  descriptionUz: string;
}

export interface LetterGroup {
  letter: string;
  entries: Entry[];
}

export interface KnowledgeIndexData {
  groups: LetterGroup[];
  total: number;
}

export interface KnowledgeEntryData {
  entry: EntryArticle;
  /** Symptoms of a disease, or the possible diseases of a symptom. */
  linked: Entry[];
  specialties: SpecialtyRef[];
  doctors: DoctorSummary[];
}
