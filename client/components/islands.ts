// Code generated from client/islands/*.tsx by ssr.IslandRegistry; DO NOT EDIT.
// Every client/islands/Name.tsx default-exports the island Name; import
// islands from here in pages and layouts, never from client/islands.
// After adding one: go test ./ssr -run TestIslandRegistry -update
import { island } from "./island";
import BookingActionsImpl from "../islands/BookingActions";
import BookingFormImpl from "../islands/BookingForm";
import BurgerMenuImpl from "../islands/BurgerMenu";
import CalendarFeedImpl from "../islands/CalendarFeed";
import ChatBoxImpl from "../islands/ChatBox";
import DeskBoardImpl from "../islands/DeskBoard";
import DownloadAppImpl from "../islands/DownloadApp";
import EditorCreateImpl from "../islands/EditorCreate";
import EditorFormImpl from "../islands/EditorForm";
import EditorRedirectsImpl from "../islands/EditorRedirects";
import EditorRolesImpl from "../islands/EditorRoles";
import EditorVisitTypesImpl from "../islands/EditorVisitTypes";
import LanguageSwitcherImpl from "../islands/LanguageSwitcher";
import ProfileFormImpl from "../islands/ProfileForm";
import RegionPickerImpl from "../islands/RegionPicker";
import RelativesFormImpl from "../islands/RelativesForm";
import ReviewFormImpl from "../islands/ReviewForm";
import SearchBoxImpl from "../islands/SearchBox";
import SignInButtonImpl from "../islands/SignInButton";
import SignInFormImpl from "../islands/SignInForm";
import TelegramLinkImpl from "../islands/TelegramLink";
import VisitDocumentsImpl from "../islands/VisitDocuments";

export const BookingActions = island("BookingActions", BookingActionsImpl);
export const BookingForm = island("BookingForm", BookingFormImpl);
export const BurgerMenu = island("BurgerMenu", BurgerMenuImpl);
export const CalendarFeed = island("CalendarFeed", CalendarFeedImpl);
export const ChatBox = island("ChatBox", ChatBoxImpl);
export const DeskBoard = island("DeskBoard", DeskBoardImpl);
export const DownloadApp = island("DownloadApp", DownloadAppImpl);
export const EditorCreate = island("EditorCreate", EditorCreateImpl);
export const EditorForm = island("EditorForm", EditorFormImpl);
export const EditorRedirects = island("EditorRedirects", EditorRedirectsImpl);
export const EditorRoles = island("EditorRoles", EditorRolesImpl);
export const EditorVisitTypes = island("EditorVisitTypes", EditorVisitTypesImpl);
export const LanguageSwitcher = island("LanguageSwitcher", LanguageSwitcherImpl);
export const ProfileForm = island("ProfileForm", ProfileFormImpl);
export const RegionPicker = island("RegionPicker", RegionPickerImpl);
export const RelativesForm = island("RelativesForm", RelativesFormImpl);
export const ReviewForm = island("ReviewForm", ReviewFormImpl);
export const SearchBox = island("SearchBox", SearchBoxImpl);
export const SignInButton = island("SignInButton", SignInButtonImpl);
export const SignInForm = island("SignInForm", SignInFormImpl);
export const TelegramLink = island("TelegramLink", TelegramLinkImpl);
export const VisitDocuments = island("VisitDocuments", VisitDocumentsImpl);
