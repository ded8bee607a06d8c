// Code generated from client/islands/*.tsx by ssr.IslandRegistry; DO NOT EDIT.
// Every client/islands/Name.tsx default-exports the island Name; import
// islands from here in pages and layouts, never from client/islands.
// After adding one: go test ./ssr -run TestIslandRegistry -update
import { island } from "./island";
import BurgerMenuImpl from "../islands/BurgerMenu";
import ChatBoxImpl from "../islands/ChatBox";
import DownloadAppImpl from "../islands/DownloadApp";
import LanguageSwitcherImpl from "../islands/LanguageSwitcher";
import ProfileFormImpl from "../islands/ProfileForm";
import RegionPickerImpl from "../islands/RegionPicker";
import SearchBoxImpl from "../islands/SearchBox";
import SignInFormImpl from "../islands/SignInForm";

export const BurgerMenu = island("BurgerMenu", BurgerMenuImpl);
export const ChatBox = island("ChatBox", ChatBoxImpl);
export const DownloadApp = island("DownloadApp", DownloadAppImpl);
export const LanguageSwitcher = island("LanguageSwitcher", LanguageSwitcherImpl);
export const ProfileForm = island("ProfileForm", ProfileFormImpl);
export const RegionPicker = island("RegionPicker", RegionPickerImpl);
export const SearchBox = island("SearchBox", SearchBoxImpl);
export const SignInForm = island("SignInForm", SignInFormImpl);
