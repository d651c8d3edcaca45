/**
 * The website chat widget's protocol (issue 36), without zod: the widget's bundle imports this
 * module alone (`@agent-console/contracts/widget-protocol`) so that it stays small; the server's
 * schemas (widget.ts) are built on the same names.
 *
 * A page carries `<script src="http://<host>:<app port>/widget.js" data-key="wk_…" async>`. The
 * widget talks to the app's own port with its widget key as a bearer token; that key answers on
 * the widget's routes only, from the app's allowed web pages only, and at a rate per visitor.
 */

import { LANGUAGES, type Language } from './language-tags';

export const WIDGET_KEY_PREFIX = 'wk_';
/** The script a page loads, served by every started app's listener. */
export const WIDGET_SCRIPT_PATH = '/widget.js';
/** Opens the widget for a visitor: the app's name and welcome, and the visitor's conversation so far. */
export const WIDGET_START_PATH = '/widget/v1/start';
/** One question; the answer streams back as server-sent events (WIDGET_EVENTS). */
export const WIDGET_CHAT_PATH = '/widget/v1/chat';
/** What people wrote to the visitor since the last one the widget has. */
export const WIDGET_REPLIES_PATH = '/widget/v1/replies';

/** Longest question, in code points, as the console's bubble. */
export const WIDGET_MESSAGE_MAX = 2000;
/** Answers one visitor may ask for in a minute; the next is refused with `rate_limited`. */
export const WIDGET_RATE_LIMIT = 10;
/** Answers one network address may ask for in a minute, over all its visitors (a visitor could start afresh). */
export const WIDGET_ADDRESS_RATE_LIMIT = 60;
/** Starts one network address may make in a minute (a page load opening the widget is one; each may mint a visitor). */
export const WIDGET_START_RATE_LIMIT = 30;
/** How often an open widget waiting for a person asks for people's replies. */
export const WIDGET_POLL_SECONDS = 5;
/** Reply checks one network address may make in a minute, over all its open widgets. */
export const WIDGET_POLL_RATE_LIMIT = 240;
/** Longest reply a person writes to a visitor, in code points. */
export const VISITOR_REPLY_MAX = 2000;
/** Turns of the visitor's conversation the start answers with (the newest). */
export const WIDGET_TURNS_MAX = 50;
/** The bundle's size limit, gzip-compressed, in bytes. */
export const WIDGET_BUNDLE_MAX_GZIP = 50 * 1024;
/** Below this width the open widget takes the whole screen. */
export const WIDGET_FULL_SCREEN_BELOW_PX = 768;

/** The widget's languages: the console's four. */
export const WIDGET_LANGUAGES = LANGUAGES;
export type WidgetLanguage = Language;

/** Where an answer came from, as a visitor may see it: a kind and a title, no ids. */
export interface WidgetSource {
  kind: 'qa' | 'document';
  title: string;
}

export interface WidgetTurn {
  question: string;
  answer: string;
  sources: WidgetSource[];
  needsPerson: boolean;
}

/** What a person wrote to the visitor. */
export interface WidgetReply {
  id: number;
  text: string;
  /** How many of the conversation's turns came before it (where the widget shows it). */
  afterTurn: number;
}

/** POST WIDGET_REPLIES_PATH: replies after the one with id `after` (all when absent). */
export interface WidgetRepliesRequest {
  visitor: string;
  after?: number;
}
export interface WidgetReplies {
  replies: WidgetReply[];
}

/** POST WIDGET_START_PATH: the visitor token kept from an earlier start, if any. */
export interface WidgetStartRequest {
  visitor?: string;
}

export interface WidgetStart {
  /** The app's name, the widget's title. */
  name: string;
  /** The app's welcome messages that are text, shown first. */
  welcome: string[];
  /** The visitor's token: the one sent when it was valid, else a new one. Kept by the widget. */
  visitor: string;
  /** The visitor's conversation so far, oldest first. */
  turns: WidgetTurn[];
  /** What people wrote to the visitor, oldest first, each placed after its turn. */
  replies: WidgetReply[];
}

/** POST WIDGET_CHAT_PATH. */
export interface WidgetChatRequest {
  visitor: string;
  message: string;
}

export const WIDGET_EVENTS = ['delta', 'done', 'error'] as const;
export type WidgetEventName = (typeof WIDGET_EVENTS)[number];
export interface WidgetDelta {
  text: string;
}
export interface WidgetDone {
  sources: WidgetSource[];
  needsPerson: boolean;
}
/** The stream broke off after it had opened. */
export interface WidgetStreamError {
  code: 'server_error';
  message: string;
}

/**
 * The `error.code` of a refusal (OpenAI's error shape, as everything on an app's port): the widget
 * shows each in the visitor's language. `rate_limited` carries `Retry-After` in seconds.
 */
export const WIDGET_ERROR_CODES = [
  'invalid_widget_key',
  'origin_not_allowed',
  'invalid_visitor',
  'rate_limited',
  'insufficient_quota',
  'invalid_message',
] as const;
export type WidgetErrorCode = (typeof WIDGET_ERROR_CODES)[number];
