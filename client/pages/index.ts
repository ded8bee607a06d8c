import type { ComponentType } from "react";
import { Home } from "./Home";
import { Specialties } from "./Specialties";
import { DoctorList } from "./DoctorList";
import { Doctor } from "./Doctor";
import { ErrorPage } from "./ErrorPage";
import { KnowledgeIndex } from "./KnowledgeIndex";
import { KnowledgeEntry } from "./KnowledgeEntry";
import { ProductCategories } from "./ProductCategories";
import { ProductList } from "./ProductList";
import { Product } from "./Product";
import { InfoPage } from "./InfoPage";
import { Faq } from "./Faq";
import { PostList } from "./PostList";
import { Post } from "./Post";
import { PromotionList } from "./PromotionList";
import { Promotion } from "./Promotion";
import { Telegram } from "./Telegram";
import { ClinicIndex } from "./ClinicIndex";
import { ClinicList } from "./ClinicList";
import { Clinic } from "./Clinic";
import { ServiceIndex } from "./ServiceIndex";
import { ServiceClinics } from "./ServiceClinics";
import { Search } from "./Search";
import { SignIn, RegisterFinalize, Profile, ProfilePersonal } from "./Account";
import { Consultant, ConsultantChat } from "./Consultant";
import { History, BookingDone } from "./History";
import { Dashboard } from "./Dashboard";
import { Desk } from "./Desk";
import { Editor } from "./Editor";
import type { RenderProps } from "../types";

/**
 * AnyPage is a page component whatever its data: the route table, not the
 * type system, pairs a page with its loader's data (RenderProps<never>
 * accepts every page's props type).
 */
export type AnyPage = ComponentType<RenderProps<never>>;

/**
 * pages maps the page names of shared/routes.json to components. Adding a
 * page: a route in the table, a component here, a loader in its Go domain.
 */
export const pages: Record<string, AnyPage> = {
  Home,
  Specialties,
  DoctorList,
  Doctor,
  KnowledgeIndex,
  KnowledgeEntry,
  ProductCategories,
  ProductList,
  Product,
  InfoPage,
  Faq,
  PostList,
  Post,
  PromotionList,
  Promotion,
  Telegram,
  ClinicIndex,
  ClinicList,
  Clinic,
  ServiceIndex,
  ServiceClinics,
  Search,
  SignIn,
  RegisterFinalize,
  Profile,
  ProfilePersonal,
  Consultant,
  ConsultantChat,
  History,
  BookingDone,
  Dashboard,
  Desk,
  Editor,
  Error: ErrorPage,
};
