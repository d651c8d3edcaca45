/**
 * The demo customer's words: a made-up product's FAQ (the knowledge document and its QA records)
 * and what its contacts write. Demo data only (SPEC §3 "Demo data (mock only)"): nothing here is
 * evaluation data, and nothing in the product reads it outside demo mode.
 */

export const DEMO_CUSTOMER_NAME = 'Brightleaf Home (demo)';
export const DEMO_USERNAME = 'demo';
export const DEMO_ROLE_KEY = 'demo_viewer';
export const DEMO_APP_CODE = 'brightleaf-assistant';
export const DEMO_DOCUMENT_NAME = 'Brightleaf Thermostat FAQ.docx';

/** The FAQ as the document states it: one question and its answer per pair of paragraphs. */
export const FAQ: readonly { question: string; answer: string }[] = [
  {
    question: 'What is the Brightleaf T2 thermostat?',
    answer:
      'The Brightleaf T2 is a smart thermostat for homes with gas, oil or electric heating and central air conditioning. It learns the household schedule in about one week and adjusts the temperature on its own.',
  },
  {
    question: 'How much does the Brightleaf T2 cost?',
    answer:
      'The Brightleaf T2 costs 129 dollars. The bundle with two room sensors costs 169 dollars. Prices include free standard shipping.',
  },
  {
    question: 'How long does shipping take?',
    answer:
      'Standard shipping takes three to five working days. Express shipping takes one to two working days and costs 12 dollars. Orders placed before 2 pm leave the warehouse the same day.',
  },
  {
    question: 'Which heating systems is the Brightleaf T2 compatible with?',
    answer:
      'The Brightleaf T2 works with 24 volt systems: gas and oil furnaces, boilers, heat pumps with up to two stages and central air conditioning. It does not work with 120 or 240 volt baseboard heaters.',
  },
  {
    question: 'Do I need a C-wire to install the Brightleaf T2?',
    answer:
      'A C-wire is recommended but not required. Without a C-wire, use the power adapter that comes in the box. Installation takes about 30 minutes with a screwdriver.',
  },
  {
    question: 'What is the warranty on the Brightleaf T2?',
    answer:
      'The Brightleaf T2 has a two-year limited warranty from the date of delivery. The warranty covers defects in materials and workmanship, not damage from incorrect wiring.',
  },
  {
    question: 'How do I return the Brightleaf T2?',
    answer:
      'You can return the Brightleaf T2 within 30 days of delivery for a full refund. Request a return label in the Brightleaf app under Orders, pack the thermostat in its box and drop it at any parcel point.',
  },
  {
    question: 'Does the Brightleaf T2 work without Wi-Fi?',
    answer:
      'Yes. Without Wi-Fi the Brightleaf T2 keeps the schedule and the temperature you set on the device. Remote control, energy reports and software updates need Wi-Fi on 2.4 GHz.',
  },
  {
    question: 'Can the Brightleaf T2 save energy?',
    answer:
      'Households using the Brightleaf T2 save on average 10 to 15 percent of their heating and cooling costs. The monthly energy report in the app shows the hours of heating and cooling.',
  },
  {
    question: 'Which voice assistants does the Brightleaf T2 support?',
    answer:
      'The Brightleaf T2 works with Amazon Alexa, Google Assistant and Apple Home. Link it in the Brightleaf app under Settings, Voice assistants.',
  },
  {
    question: 'How do I reset the Brightleaf T2?',
    answer:
      'Hold the dial pressed for ten seconds until the screen shows Reset, then confirm. A reset removes the schedule and the Wi-Fi settings but keeps the software version.',
  },
  {
    question: 'What payment methods do you accept?',
    answer:
      'We accept credit and debit cards, PayPal and bank transfer. Business customers can pay by invoice within 30 days.',
  },
];

/** QA records added by hand beside the mined ones: what the support team wrote themselves. */
export const EXTRA_QA: readonly { question: string; answer: string; tags: string }[] = [
  {
    question: 'Do you offer a discount for ten or more thermostats?',
    answer: 'Yes. Orders of ten or more Brightleaf T2 get 12 percent off. Ask us for a quote with the quantity.',
    tags: 'pricing,business',
  },
  {
    question: 'Is there a professional installation service?',
    answer: 'Professional installation costs 79 dollars and is booked in the Brightleaf app under Services.',
    tags: 'installation',
  },
  {
    question: 'What are your opening hours?',
    answer: 'Our support team answers from 9 am to 6 pm, Monday to Saturday.',
    tags: 'support',
  },
];

/** What contacts ask that the FAQ answers (as people write it, not as the FAQ words it). */
export const ANSWERABLE: readonly string[] = [
  'how much does the T2 cost?',
  'How long does shipping take to my city?',
  'is it compatible with my heat pump?',
  'Do I need a C-wire for the Brightleaf T2?',
  'what is the warranty on the thermostat',
  'How do I return the thermostat? it does not fit',
  'does the T2 work without wifi',
  'Which voice assistants does it support?',
  'how do I reset the Brightleaf T2',
  'What payment methods do you accept?',
  'Is there a professional installation service?',
  'Can the thermostat save energy?',
  'Do you offer a discount for ten or more thermostats?',
  'What are your opening hours?',
];

/** What the FAQ does not answer: the agent hands these over to a person. */
export const UNANSWERABLE: readonly string[] = [
  'My order 48213 has not arrived yet, can you check where it is?',
  'The screen flickers since yesterday evening',
  'Can I pick up the order at your office in Riverside?',
  'My invoice shows the wrong company name',
  'The app crashes when I open the energy report',
];

/** Messages that state a lead: the app's lead items (phone, email) are found in them. */
export const LEAD_MESSAGES: readonly ((n: number) => string)[] = [
  (n) => `I want to order 12 units for our office, please call me on +1 415 555 ${String(1200 + n).padStart(4, '0')}`,
  (n) => `Please send a quote to buyer${n}@example.com, we need thermostats for 20 flats`,
  (n) => `Interested in the bundle. My number is +44 20 7946 ${String(100 + n).padStart(4, '0')}`,
];

/** What a person of the support team writes after taking a conversation over. */
export const PERSON_REPLIES: readonly string[] = [
  'Hello, this is Mia from Brightleaf support. I have checked it and will send you the details by message today.',
  'Thanks for waiting. I have passed this to our logistics team; you will hear from us within the hour.',
];

export const GREETINGS: readonly string[] = ['Hi', 'Hello', 'Good morning', 'Hey there'];

export const FOLLOWUP_TEXT =
  'Hello again from Brightleaf! Did you find the thermostat you were looking for? Reply here with any question.';

export const MAIN_PROMPT =
  'You are the Brightleaf Home assistant. Answer briefly and kindly from the FAQ; hand anything about a specific order to a person.';
