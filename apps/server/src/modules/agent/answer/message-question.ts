import { emailAddressPattern } from '../../../lib/email-address';
import { splitSentences } from './passages';
import { hasContent, isContent, type QueryTerm, queryTerms } from './search-terms';

/**
 * What a message asks (issue 32). Customers write a question together with a greeting, their
 * phone number, a budget or a date; those say nothing about what the knowledge should answer
 * (lead capture reads them from the whole message), and a number shared with some document would
 * only pull it up. They are taken out, and of several sentences the questions are searched.
 */

/** English month names, for dates written out ("1 March 2025", "June 14th"); "may" only beside a number. */
const MONTHS =
  'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec';

/**
 * Where a contact detail (link, e-mail address, phone number) was taken out, until the request
 * around it ("please email me at …", "请发到…") is taken out too; then a space.
 */
const DETAIL = '\uE000';

/** Words that name an order's, ticket's or invoice's id ("order 4711-2025", "订单号 SO-2025-0042"). */
const ID_WORDS_EN =
  'order|ticket|case|invoice|booking|reservation|tracking|shipment|consignment|parcel|account|customer|contract|reference|ref|rma|serial|claim|receipt|transaction|quote|quotation';
const ID_WORDS_ZH =
  '订单号?|訂單號?|单号|單號|工单号?|工單號?|发票号?|發票號?|票号|票號|编号|編號|运单号?|運單號?|快递单号|快遞單號|合同号?|合同號?|客户号|客戶號|会员号|會員號|账号|帳號|序列号|序列號|预订号|預訂號';
/**
 * An id after such a word: letters and digits with a digit, maybe joined by dashes, slashes or
 * underscores. The word and what joins it to the id are captured and kept, the id goes; the gaps
 * are bounded, so that no run of spaces makes the search go over it again and again (a message is
 * the client's input: every pattern here runs in time linear in it).
 */
const NAMED_ID = new RegExp(
  String.raw`((?:(?<![\p{L}\p{N}])(?:${ID_WORDS_EN})|${ID_WORDS_ZH})(?:\s{0,3}(?:number|no\.?|nr\.?|num|id|code|#))?\s{0,3}(?:(?:is|:|是|为|為)\s{0,3})?)(#?[A-Za-z]*\d[A-Za-z0-9]*(?:[-/_][A-Za-z0-9]+)*)(?![\p{L}\p{N}])`,
  'giu',
);
/** A token of letters and digits, maybe joined by dashes, slashes or underscores. */
const TOKEN = /(?<![\p{L}\p{N}.\-/_#])[A-Za-z0-9]+(?:[-/_][A-Za-z0-9]+)*(?![\p{L}\p{N}]|[-/_.][A-Za-z0-9])/gu;

const digitCount = (token: string) => token.replace(/\D/g, '').length;
/** An id named as one is taken out when it cannot be a count: "#…", three digits, or letters and digits. */
const namedId = (_match: string, named: string, token: string) =>
  token.startsWith('#') || digitCount(token) >= 3 || (/[A-Za-z]/.test(token) && token.length >= 4)
    ? `${named.replace(/#\s*$/u, '')} `
    : named + token;
/** An id nothing names: six digits or more, with letters or slashes among them ("SO-2025-0042", "4711/2025"). */
const bareId = (token: string) => (digitCount(token) >= 6 && /[A-Za-z/]/.test(token) ? ' ' : token);

const NOISE: readonly [RegExp, string | ((match: string, ...groups: string[]) => string)][] = [
  // Links and e-mail addresses.
  [/\bhttps?:\/\/\S+/giu, ` ${DETAIL} `],
  [emailAddressPattern(), ` ${DETAIL} `],
  // Ids, whole: after a word naming one, after "#" ("#A7731"), or with letters or slashes. A pure
  // digit run joined by dashes ("4711-2025") is the phone pattern's, below, whole as well.
  [NAMED_ID, namedId],
  [/(?<![\p{L}\p{N}])#[A-Za-z]*\d[A-Za-z0-9]*(?:[-/_][A-Za-z0-9]+)*(?![\p{L}\p{N}])/gu, ' '],
  [TOKEN, bareId],
  // Amounts: a currency mark before or a currency word after a number.
  [/(?:[¥￥$€£]|\b(?:rmb|cny|usd|eur|hkd))\s*\d+(?:,\d{3})*(?:\.\d+)?(?:\s?[kKwW万千])?/giu, ' '],
  [
    /(?<![\d.,])\d+(?:,\d{3})*(?:\.\d+)?\s*(?:[kKwW万千]\s*)?(?:元|块钱|块|美元|欧元|港币|日元|円|\b(?:yuan|dollars?|euros?|usd|rmb|bucks)\b)/giu,
    ' ',
  ],
  // Dates and times of day (a year is 19xx or 20xx, and a date never ends inside a longer digit
  // run: "4711-2025" is an id, "ISO-8859-1" a name).
  [/\b(?:19|20)\d{2}[-/.年]\d{1,2}(?!\d)(?:[-/.月]\d{1,2}(?!\d)日?)?/gu, ' '],
  [/\d{1,2}月\d{1,2}[日号號]?/gu, ' '],
  [/(?<![\p{L}\p{N}./])\d{1,2}\/\d{1,2}(?:\/(?:\d{4}|\d{2}))?(?![\p{L}\p{N}/])/gu, ' '],
  [new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:${MONTHS})\\b\\.?(?:,?\\s+\\d{4})?`, 'giu'), ' '],
  [new RegExp(`\\b(?:${MONTHS})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?\\b(?:,?\\s+\\d{4})?`, 'giu'), ' '],
  [/\b\d{1,2}[:：]\d{2}\b/gu, ' '],
  // Phone numbers and other long digit runs (ids, order numbers): seven digits and more, spaced or not.
  [/\+?\d[\d\s\-()]{5,}\d/gu, ` ${DETAIL} `],
];

/** Several details in a row ("+44 … or tom@…", "… 或 …") are one. */
const DETAILS = new RegExp(String.raw`${DETAIL}(?:\s*(?:[,/]|\s(?:or|and)\s|或者?|和|及)\s*${DETAIL})+`, 'giu');
/**
 * A request to be contacted whose address or number was taken out ("please email me at …",
 * "you can reach me on …", "请联系我：…", "请发到…"): said nothing of the question, and only its
 * words would be left. A preposition before a detail ("send the quote to …") goes alone.
 */
const CONTACT_REQUEST = new RegExp(
  String.raw`(?:\b(?:please|pls|plz|kindly)\s+)?(?:\b(?:you can|you could|feel free to|just)\s+)?\b(?:e-?mail|mail|write|call|ring|phone|text|message|sms|whatsapp|wechat|reach(?:\s+out)?|contact|reply|respond|get\s+back)(?:\s+(?:me|us|back|to\s+me|to\s+us|directly|anytime))*(?:\s+(?:at|on|to|via|under|through|by))?(?:\s+(?:my|our)\s+(?:e-?mail(?:\s+address)?|address|phone(?:\s+number)?|number|mobile|cell))?\s*(?::\s*)?${DETAIL}\s*|(?:请|請|麻烦|麻煩|可以|欢迎|歡迎)?您?(?:通过|通過)?(?:发邮件|發郵件|发短信|發短信|发信息|發信息|发消息|發消息|打电话|打電話|致电|致電|联系|聯繫|联络|聯絡|回复|回覆|回电|回電|加)(?:我们|我們|我)?(?:到|至|给我|給我)?的?(?:邮箱|郵箱|手机|手機|电话|電話|微信|号码|號碼)?\s*(?::\s*)?${DETAIL}\s*|\s(?:at|on|to|via|under)\s*(?::\s*)?${DETAIL}\s*|(?:发送|發送|发|發|寄)?(?:到|至)\s*(?::\s*)?${DETAIL}\s*`,
  'giu',
);

/**
 * A sign-off: it closes the message, and the name, title, company and "Sent from my iPhone" after
 * it are the signature. A farewell that cannot open a question ("Best regards", "此致敬礼") ends
 * the message wherever a sentence or line opens with it; a thanks ("Thanks", "Cheers", "谢谢")
 * only when nothing but a signature follows ("Thanks, Anna", "谢谢！张伟"). Later sentences that
 * ask (a P.S.) are kept.
 */
const FAREWELL =
  /^(?:(?:best|kind|kindest|warm|warmest|many|with)\s+(?:regards|wishes)|regards|best\s+wishes|(?:yours\s+)?(?:sincerely|truly|faithfully|cordially|respectfully)(?:\s+yours)?|looking\s+forward\s+to\s+(?:hearing\s+from\s+you|your\s+(?:reply|response|answer))|have\s+a\s+(?:nice|great|good)\s+(?:day|weekend|one)|sent\s+from\s+my\b|get\s+outlook\s+for\b|祝好|祝一切(?:顺利|順利|安好)|此致|敬礼|敬禮|顺祝|順祝|顺颂|順頌|祝(?:您)?(?:工作顺利|工作順利|生活愉快|商祺|安好)|期待(?:您的)?(?:回复|回覆)|盼复|盼覆|发自我的|發自我的|从我的\s*\S+\s*发送)(?=$|[^\p{L}\p{N}]|\p{Script=Han})/iu;
const THANKS =
  /^(?:thanks?(?:\s+(?:a\s+lot|again|so\s+much|in\s+advance))?|thank\s+you(?:\s+(?:very\s+much|so\s+much|in\s+advance))?|many\s+thanks|thx|tks|ty|cheers|best|br|谢谢|謝謝|多谢|多謝|感谢|感謝|谢了|謝了)(?:\s*(?:and|&)\s+(?:best\s+|kind\s+)?regards)?(?=$|[^\p{L}\p{N}])/iu;
/** A signature line: a name, a title or a company ("Tom Miller", "Head of IT", "张伟", "某某公司技术部"). */
const SIGNATURE_PART =
  /^(?:\p{Lu}[\p{L}\p{N}'’.&-]*(?:\s+(?:[\p{Lu}\p{N}][\p{L}\p{N}'’.&-]*|of|and|for|the|at|de|van|von|der|&)){0,5}|\p{Ll}{2,15}|\p{Script=Han}{2,4}|[\p{Script=Han}\p{L}\p{N}\s]{1,20}(?:公司|集团|集團|部|中心|经理|經理|总监|總監|主管|工程师|工程師|负责人|負責人|专员|專員|助理|先生|女士|小姐|老师|老師))$/u;

function isSignature(text: string): boolean {
  return text
    .split(/[,，、:：;；/|()（）.!?。！？\n]|\s[-–—]+\s|^\s*[-–—]+/u)
    .map((part) => part.trim())
    .every((part) => !part || (SIGNATURE_PART.test(part) && !ASKS.test(part)));
}

/** The sentences before the sign-off, and those after it that ask. */
function withoutSignOff(sentences: readonly string[]): string[] {
  for (let i = 0; i < sentences.length; i++) {
    const sentence = sentences[i] ?? '';
    const asksAfter = sentences.slice(i + 1).filter((s) => /[?？]/u.test(s));
    if (FAREWELL.test(sentence) && !/[?？]/u.test(sentence)) return [...sentences.slice(0, i), ...asksAfter];
    const thanks = THANKS.exec(sentence);
    if (thanks && isSignature([sentence.slice(thanks[0].length), ...sentences.slice(i + 1)].join('\n'))) {
      return sentences.slice(0, i);
    }
  }
  return [...sentences];
}

/**
 * A salutation opening a sentence: "Dear support,", "Dear Sir or Madam,", "To whom it may concern:",
 * "Hello support team,", "尊敬的客服：", "亲爱的用户，", "客服您好，". Whom it addresses is no part of
 * the question; a greeting followed by what is asked ("Hi how do I…") is not one.
 */
const SALUTATION =
  /^(?:dear(?:\s+[\p{L}.'’-]+){1,4}\s*[,:!]|dear(?:\s+(?:sir|madam|or|and|all|team|support|customer|service|services|sales|colleagues|friends|everyone|mr\.?|mrs\.?|ms\.?|dr\.?|[\p{L}'’-]+(?=\s*$))){1,4}\s*$|to\s+whom\s+it\s+may\s+concern\s*(?:[,:!]|$)|(?:hi|hello|hey|greetings|good\s+(?:morning|afternoon|evening))(?:\s+(?!(?:i|i'm|im|we|my|our|you|can|could|is|are|do|does|did|how|what|why|when|where|which|who|please|would|will|should|there's|quick|just|need)\b)[\p{L}.'’-]+){1,3}\s*[,:!]|(?:尊敬的|亲爱的|親愛的)(?:[^,:!。?\n]{1,12}?[,:!。]|[^,:!。?\n]{0,8}?(?:客服|先生|女士|用户|用戶|团队|團隊|经理|經理|老师|老師|朋友|领导|領導|同事|们|們)$)|[^\s,:!。?]{1,8}(?:您好|你好)[,:!。]?|(?:大家|各位)好[,:!。]?)\s*/iu;

/**
 * A self-introduction: "My name is Tom", "I'm Tom from Acme Ltd", "我是张三", "我叫李明",
 * "本人王伟", "我是某某公司的张三", "来自某某公司". Only the introduction goes, the rest of its clause
 * stays ("I'm Tom and the app crashes" keeps "the app crashes"). A name is capitalised in
 * English and ends its clause or is followed by "from …"/"and" ("I am Trying…", "I am using
 * Windows 11" stay); in Chinese, after "我是"/"本人" a common surname and one or two characters
 * ending the clause ("我是学生", "我是程序员" stay), after "我叫" up to four characters.
 */
const EN_NAME = String.raw`\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*){0,2}`;
const EN_ORG = String.raw`(?:the\s+)?[\p{Lu}\p{N}][\p{L}\p{N}&'’.-]*(?:\s+(?:&\s+)?[\p{Lu}\p{N}][\p{L}\p{N}&'’.-]*){0,4}`;
const EN_FROM = String.raw`(?:\s*,\s*|\s+)(?:from|at|with|of|working\s+(?:at|for)|and\s+I\s+work\s+(?:at|for))\s+${EN_ORG}`;
const EN_INTRO = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:(?:[Mm]y\s+name\s+is|[Mm]y\s+name's|[Nn]ame's)\s+[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]*){0,2}(?:${EN_FROM})?|(?:I'm|I’m|I\s+am)\s+${EN_NAME}(?:${EN_FROM}|(?=\s*(?:[,.;:!?)]|$|(?<=\s)(?:and|here|from)\b)))|(?:[Tt]his\s+is|[Hh]ere\s+is)\s+${EN_NAME}${EN_FROM})(?:\s*,?\s+and(?=\s))?`,
  'gu',
);
const SURNAMES =
  '王李张張刘劉陈陳杨楊黄黃赵趙吴吳周徐孙孫马馬朱胡郭何高林罗羅郑鄭梁谢謝宋唐许許韩韓冯馮邓鄧曹彭曾肖田董袁潘于蒋蔣蔡余杜叶葉程苏蘇魏吕呂丁任沈姚卢盧姜崔钟鍾谭譚陆陸汪范金石廖贾賈夏韦韋付方白邹鄒孟熊秦邱江尹薛闫閆段雷侯龙龍史陶黎贺賀顾顧毛郝龚龔邵万萬钱錢严嚴覃武戴莫孔向汤湯欧歐';
const ZH_ORG = String.raw`[\p{Script=Han}\p{L}\p{N}]{1,15}(?:有限公司|公司|集团|集團|企业|企業|工作室|科技|大学|大學|学校|學校|医院|醫院|银行|銀行|事务所|事務所)`;
const ZH_NAME = String.raw`(?:[${SURNAMES}]\p{Script=Han}{1,2}(?:经理|經理|总|總|工|先生|女士|小姐|老师|老師)?(?!\p{Script=Han})|\p{Lu}\p{Script=Latin}*)`;
const ZH_INTRO = new RegExp(
  String.raw`(?:我叫|我的名字(?:是|叫))(?:\p{Script=Han}{1,4}(?!\p{Script=Han})|\p{Script=Latin}+)|我姓[${SURNAMES}]|(?:我是|本人是?|我們是|我们是)(?:来自|來自)?(?:${ZH_ORG}的?(?:${ZH_NAME})?|${ZH_NAME})|(?:来自|來自)${ZH_ORG}(?:的${ZH_NAME})?`,
  'gu',
);

/** A greeting a sentence opens with ("您好，请问…", "Hi, how…"). */
const LEADING_GREETING = /^(?:hi|hello|hey|你好|您好|哈喽|嗨|こんにちは)(?:\s*(?:there|all|team))?[\s,，、!！~～]+/iu;

/** Sentences that only greet, thank or hand over contact details. */
const SMALL_TALK =
  /^(?:hi|hello|hey|dear|good (?:morning|afternoon|evening)|thanks?(?: you)?|many thanks|你好|您好|哈喽|嗨|谢谢|謝謝|多谢|多謝|こんにちは|ありがとう)(?:\b|(?<=[^\p{ASCII}]))/iu;
/**
 * A clause that hands over contact details or an order's ids rather than asking: "my phone is…",
 * "please email me…", "订单号…", "我们预算…", "Ticket #…". Clauses are cut at commas and colons.
 * A clause opening with such a word hands over when nothing but the detail (taken out) or a
 * filler follows it, or when it says what the detail is ("my name is Tom Miller", "微信是 wang_lei"):
 * "my phone keeps rebooting" and "ticket still open" speak of the thing and stay.
 */
const CONTACT_WORDS =
  /^(?:(?:my|our) |我的|我们的|我們的|我们|我們)?(?:phone|mobile|cell|number|tel|telephone|e-?mail|wechat|whatsapp|budget|name|address|order (?:number|no|id|#)|ticket|invoice|电话|電話|手机|手機|号码|號碼|微信|邮箱|郵箱|预算|預算|名字|地址|订单号|訂單號|单号|單號|运单号?|運單號?|快递单号|快遞單號|工单号?|工單號?|发票号|發票號|合同号|合同號|会员号|會員號|客户号|客戶號|联系邮箱|聯繫郵箱|联系方式|聯繫方式)(?:\s*(?:number|no\.?|address|id|#))?/iu;
const CONTACT_CALL = /^(?:please |pls )?(?:you can )?(?:call|reach|contact|text|e-?mail|write to) (?:me|us)/iu;
/** What may stand between a contact word and its (removed) detail: "is around", "大概", ":". */
const HANDOVER_FILLER =
  /^(?:[\s:=#\-–(),.]|\b(?:is|are|was|of|around|about|approx\.?|approximately|roughly|up\s+to|max|only)\b|是|为|為|大概|大约|大約|约|約|在)*/iu;
/** Saying what the detail is: "is", ":", "是" — and not what is wrong with it ("is not verified"). */
const HANDOVER =
  /^\s*(?:is|are|:|=|是|为|為)(?!\s*(?:not|n't|still|also|no\s+longer|wrong|invalid|incorrect|broken|missing|blocked|locked|不|没|沒|无法|無法|不能|坏|壞|错|錯))/iu;

function isContactClause(clause: string): boolean {
  const bare = clause.replace(/^[^\p{L}\p{N}]+/u, '');
  if (CONTACT_CALL.test(bare)) return true;
  const words = CONTACT_WORDS.exec(bare);
  if (!words) return false;
  const rest = bare.slice(words[0].length);
  const detail = rest.replace(HANDOVER_FILLER, '');
  return (
    !/[\p{L}\p{N}]/u.test(detail) ||
    HANDOVER.test(rest) ||
    /^(?=[\p{L}\p{N}_.-]*[\d_])[\p{L}\p{N}_.-]*[\s,.;:]*$/u.test(detail)
  );
}
/**
 * Filler that opens a clause ("想问下", "I wanted to ask", "Separate question:", "另外一个问题："),
 * saying nothing of what is asked.
 */
const ASKING_FILLER =
  /^(?:想问一?下|想問一?下|请问一?下|請問一?下|问一?下|問一?下|请教一?下|請教一?下|(?:另外|还有|還有|再问|再問|另)一?[个個]?(?:小)?(?:问题|問題)|i (?:wanted|want|would like) to ask(?: you)?|(?:(?:a|one|another|other|separate|different|unrelated|side|last|final|small|short|quick)\s+)*(?:more\s+)?question(?=\s*[,，:：-])|quick one)[\s,，:：-]*/iu;

/** A sentence that asks: a question mark, a question word first, or a Chinese/Japanese question ending. */
const ASKS =
  /[?？]|^(?:what|which|who|whom|whose|when|where|why|how|can|could|do|does|did|is|are|was|were|will|would|should|shall|may|have|has)\b|[吗嗎呢么麼][。.!！]?$|(?:怎么|怎麼|如何|什么|什麼|为啥|為啥|啥|咋|哪|几|幾|多少|是否|能否|可否|有没有|有沒有|是不是|ですか|ますか)/iu;

/** The message without the parts that are not its question. */
export function messageQuestion(message: string): string {
  let text = message.normalize('NFKC');
  for (const [pattern, replacement] of NOISE) {
    text = typeof replacement === 'string' ? text.replace(pattern, replacement) : text.replace(pattern, replacement);
  }
  text = text.replace(DETAILS, DETAIL).replace(CONTACT_REQUEST, '').replaceAll(DETAIL, ' ');
  const sentences = withoutSignOff(splitSentences(text))
    .map(withoutContactClauses)
    // A sentence of greetings only is empty by now: its clauses were small talk.
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
  const questions = sentences.filter((s) => ASKS.test(s));
  const chosen = questions.length ? questions : sentences;
  return chosen.join(' ').replace(/\s+/g, ' ').trim();
}

/** A sentence without its salutation, greeting, introduction, filler and clauses of contact details. */
function withoutContactClauses(sentence: string): string {
  const clauses = sentence
    .replace(SALUTATION, '')
    .replace(LEADING_GREETING, '')
    .replace(SALUTATION, '')
    .replace(EN_INTRO, ' ')
    .replace(ZH_INTRO, ' ')
    .split(/(?<=[,，、:：])/u)
    .map((clause) => clause.trim().replace(ASKING_FILLER, ''))
    .filter((clause) => /[\p{L}\p{N}]/u.test(clause) && !isContactClause(clause) && !isOnlySmallTalk(clause));
  return clauses
    .join(' ')
    .replace(/(?<![\s,，、:：])[\s,，、:：]+$/u, '')
    .trim();
}

function isOnlySmallTalk(sentence: string): boolean {
  if (!SMALL_TALK.test(sentence)) return false;
  return !hasContent(queryTerms(sentence.replace(SMALL_TALK, '')));
}

/**
 * A message that refers back to what was asked before: it opens with a connective or a pointing
 * word ("and…", "what about…", "which one…", "那…", "它…"), or is short and points with a pronoun.
 */
const REFERS_BACK =
  /^(?:and|also|but|so|then|what about|how about|and what|which one|which|what if|is it|does it|do they|can it|is that|are they|它|那|那么|那麼|那个|那個|这个|這個|还有|還有|另外|哪个|哪個|それ|では|じゃあ)\b|^(?:它|那|还有|還有|哪个|哪個|这个|這個|那个|那個)/iu;
const POINTING = /\b(?:it|its|that|this|they|them|those|these|one|ones)\b|[它这這那]/iu;
/** Words a self-contained question has at most when it still points back ("does it support X?"). */
const SHORT_FOLLOW_UP_WORDS = 4;

/** How much an earlier turn's words count when a follow-up is searched with it. */
export const EARLIER_TURN_WEIGHT = 0.6;

export interface SearchedQuestion {
  /** The text searched (the earlier turn first, for a follow-up). */
  searched: string;
  terms: QueryTerm[];
  /** Only for a follow-up: the earlier turn it follows up, as searched alone. */
  earlier?: { searched: string; terms: QueryTerm[] };
}

/**
 * The question to search, from the last user turn and, for a follow-up, the user turn before it
 * (the most recent one with words of its own). The earlier turn's words weigh less: the
 * follow-up says what is asked now.
 */
export function searchedQuestion(turns: readonly string[]): SearchedQuestion {
  const last = messageQuestion(turns.at(-1) ?? '');
  const terms = queryTerms(last);
  const earlier = [...turns.slice(0, -1)]
    .reverse()
    .map(messageQuestion)
    .find((turn) => hasContent(queryTerms(turn)));
  const content = terms.filter(isContent).length;
  const followUp =
    earlier !== undefined &&
    (content === 0 || REFERS_BACK.test(last) || (content <= SHORT_FOLLOW_UP_WORDS && POINTING.test(last)));
  if (!followUp || earlier === undefined) return { searched: last, terms };
  const earlierTerms = queryTerms(earlier);
  const merged = new Map(terms.map((t) => [t.term, t]));
  for (const t of earlierTerms) {
    if (!merged.has(t.term)) merged.set(t.term, { ...t, weight: t.weight * EARLIER_TURN_WEIGHT, earlier: true });
  }
  return {
    searched: `${earlier} ${last}`,
    terms: [...merged.values()],
    earlier: { searched: earlier, terms: earlierTerms },
  };
}
