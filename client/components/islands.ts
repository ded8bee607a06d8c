// The server-side wrappers of every island. Import islands from here in
// pages and layouts, never from client/islands directly.
import { island } from "./island";
import LanguageSwitcherImpl from "../islands/LanguageSwitcher";
import BurgerMenuImpl from "../islands/BurgerMenu";
import DownloadAppImpl from "../islands/DownloadApp";
import RegionPickerImpl from "../islands/RegionPicker";
import SearchBoxImpl from "../islands/SearchBox";
import SignInFormImpl from "../islands/SignInForm";
import ProfileFormImpl from "../islands/ProfileForm";
import ChatBoxImpl from "../islands/ChatBox";

export const LanguageSwitcher = island("LanguageSwitcher", LanguageSwitcherImpl);
export const BurgerMenu = island("BurgerMenu", BurgerMenuImpl);
export const DownloadApp = island("DownloadApp", DownloadAppImpl);
export const RegionPicker = island("RegionPicker", RegionPickerImpl);
export const SearchBox = island("SearchBox", SearchBoxImpl);
export const SignInForm = island("SignInForm", SignInFormImpl);
export const ProfileForm = island("ProfileForm", ProfileFormImpl);
export const ChatBox = island("ChatBox", ChatBoxImpl);
import NextSlotsImpl from "../islands/NextSlots";
import SlotGridImpl from "../islands/SlotGrid";
import BookingFormImpl from "../islands/BookingForm";
import BookingActionsImpl from "../islands/BookingActions";
import SignInButtonImpl from "../islands/SignInButton";

export const NextSlots = island("NextSlots", NextSlotsImpl);
export const SlotGrid = island("SlotGrid", SlotGridImpl);
export const BookingForm = island("BookingForm", BookingFormImpl);
export const BookingActions = island("BookingActions", BookingActionsImpl);
export const SignInButton = island("SignInButton", SignInButtonImpl);
