/**
 * Texts the builder writes itself when a description asks for them without giving them: "a
 * random joke", "a fun fact about animals (make up like 10)", "an inspirational quote", "a would
 * you rather question". A model would make these up; the offline builder has a short list per
 * topic, picked from at random by the bot, and the plan says so ("picks one of 12 jokes the
 * builder wrote"), so the user knows to edit them. Facts are true and well known; nothing is
 * mean about a real person or a group.
 */

export interface ContentTopic {
  id: string;
  /** What the plan calls them: "jokes", "animal facts". */
  label: string;
  items: readonly string[];
}

interface TopicWords {
  /** The topic's nouns, singular, as word sequences: ["would", "you", "rather"]. */
  nouns: readonly (readonly string[])[];
  /** Subjects said before the noun ("cat fact", "dad joke") or after "about" / "on": their topic. */
  subjects?: Record<string, string>;
  /** The topic when no subject is said. */
  topic: string;
}

const topics: Record<string, ContentTopic> = {
  jokes: {
    id: "joke",
    label: "jokes",
    items: [
      "Why don't skeletons fight each other? They don't have the guts.",
      "I told my wife she was drawing her eyebrows too high. She looked surprised.",
      "Why did the scarecrow win an award? He was outstanding in his field.",
      "What do you call a fake noodle? An impasta.",
      "Why can't a bicycle stand up by itself? It's two tired.",
      "I'm reading a book about anti-gravity. It's impossible to put down.",
      "What do you call a bear with no teeth? A gummy bear.",
      "Why did the math book look sad? It had too many problems.",
      "What did the ocean say to the beach? Nothing, it just waved.",
      "Why do cows wear bells? Because their horns don't work.",
      "What do you call cheese that isn't yours? Nacho cheese.",
      "How does a penguin build its house? Igloos it together.",
    ],
  },
  programmingJokes: {
    id: "joke",
    label: "programming jokes",
    items: [
      "Why do programmers prefer dark mode? Because light attracts bugs.",
      "There are 10 kinds of people: those who understand binary and those who don't.",
      "A SQL query walks into a bar, walks up to two tables and asks: can I join you?",
      "Why did the developer go broke? Because he used up all his cache.",
      "How many programmers does it take to change a light bulb? None, that's a hardware problem.",
      "I would tell you a UDP joke, but you might not get it.",
      "Why do Java developers wear glasses? Because they don't C#.",
      "It works on my machine. Then we'll ship your machine.",
      "A programmer's partner says: get a loaf of bread, and if they have eggs, get a dozen. They come back with 12 loaves.",
      "Debugging: being the detective in a crime movie where you are also the murderer.",
    ],
  },
  puns: {
    id: "pun",
    label: "puns",
    items: [
      "I used to be a baker, but I couldn't make enough dough.",
      "I'm on a seafood diet. I see food and I eat it.",
      "Time flies like an arrow. Fruit flies like a banana.",
      "The past, the present and the future walked into a bar. It was tense.",
      "I lost my job at the bank on my first day. A woman asked me to check her balance, so I pushed her over.",
      "I wondered why the ball kept getting bigger. Then it hit me.",
      "A boiled egg in the morning is hard to beat.",
      "I don't trust stairs. They're always up to something.",
      "Never trust an atom. They make up everything.",
      "I stayed up all night wondering where the sun went. Then it dawned on me.",
    ],
  },
  facts: {
    id: "fact",
    label: "fun facts",
    items: [
      "Honey never spoils: edible honey has been found in ancient Egyptian tombs.",
      "Octopuses have three hearts and blue blood.",
      "A day on Venus is longer than a year on Venus.",
      "Bananas are berries, but strawberries are not.",
      "The Eiffel Tower can be about 15 cm taller in summer, because the iron expands in the heat.",
      "Sharks existed before trees did.",
      "Wombat droppings are cube-shaped.",
      "There are more possible games of chess than atoms in the observable universe.",
      "A group of flamingos is called a flamboyance.",
      "Your stomach gets a new lining every few days so that it does not digest itself.",
      "Sea otters hold hands while they sleep so they don't drift apart.",
      "The shortest war in history, between Britain and Zanzibar in 1896, lasted under an hour.",
    ],
  },
  animalFacts: {
    id: "fact",
    label: "animal facts",
    items: [
      "Octopuses have three hearts and blue blood.",
      "Sea otters hold hands while they sleep so they don't drift apart.",
      "A group of flamingos is called a flamboyance.",
      "Wombat droppings are cube-shaped.",
      "A group of crows is called a murder.",
      "Snails can have thousands of tiny teeth.",
      "Elephants can recognise themselves in a mirror.",
      "A shrimp's heart is in its head.",
      "Koalas sleep up to 22 hours a day.",
      "Gentoo penguins give their mates pebbles to build a nest.",
      "Butterflies taste with their feet.",
      "A hummingbird's heart can beat more than 1,200 times a minute.",
    ],
  },
  catFacts: {
    id: "fact",
    label: "cat facts",
    items: [
      "Cats sleep for around 13 to 16 hours a day.",
      "A group of cats is called a clowder.",
      "Cats can't taste sweetness.",
      "A cat's purr vibrates at 25 to 150 Hz.",
      "Cats have 32 muscles in each ear.",
      "Each cat's nose print is unique, like a human fingerprint.",
      "Cats walk like camels and giraffes: both right feet, then both left feet.",
      "A cat can jump up to six times its own length.",
      "Adult cats meow mostly to talk to humans, not to other cats.",
      "Cats have a third eyelid, called the haw.",
    ],
  },
  dogFacts: {
    id: "fact",
    label: "dog facts",
    items: [
      "A dog's nose print is unique, like a human fingerprint.",
      "Dogs can smell about 10,000 to 100,000 times better than humans.",
      "Greyhounds can run at about 70 km/h.",
      "Dogs sweat through the pads of their paws.",
      "Puppies are born blind and deaf.",
      "The Basenji is known as the barkless dog: it yodels instead.",
      "Dalmatian puppies are born completely white; their spots come later.",
      "Dogs have three eyelids.",
      "A dog's sense of smell can detect some illnesses in humans.",
      "Newfoundland dogs have webbed feet and are strong swimmers.",
    ],
  },
  spaceFacts: {
    id: "fact",
    label: "space facts",
    items: [
      "A day on Venus is longer than a year on Venus.",
      "Neutron stars are so dense that a teaspoon of one would weigh about a billion tonnes.",
      "Footprints on the Moon can last for millions of years, because there is no wind to blow them away.",
      "Jupiter has the shortest day of all the planets: about 10 hours.",
      "One million Earths could fit inside the Sun.",
      "Saturn would float in water, if you found a bathtub big enough.",
      "Light from the Sun takes about 8 minutes to reach Earth.",
      "Olympus Mons, a volcano on Mars, is about two and a half times as tall as Mount Everest.",
      "The International Space Station circles Earth about every 90 minutes.",
      "Space is completely silent: there is no air to carry sound.",
    ],
  },
  scienceFacts: {
    id: "fact",
    label: "science facts",
    items: [
      "Water can boil and freeze at the same time, at its triple point.",
      "At −40 degrees, Celsius and Fahrenheit read the same.",
      "Bananas are slightly radioactive, because they contain potassium-40.",
      "A teaspoon of honey is the life's work of about a dozen bees.",
      "Glass is an amorphous solid: its atoms have no regular pattern.",
      "Lightning heats the air around it to about 30,000 °C, five times hotter than the surface of the Sun.",
      "Sound travels about four times faster in water than in air.",
      "An adult human body has 206 bones; a baby is born with around 300.",
      "Diamonds and pencil graphite are both made only of carbon.",
      "Helium is the only element first discovered in space, in the Sun's light, before on Earth.",
    ],
  },
  historyFacts: {
    id: "fact",
    label: "history facts",
    items: [
      "The shortest war in history, between Britain and Zanzibar in 1896, lasted under an hour.",
      "Cleopatra lived closer in time to the Moon landing than to the building of the Great Pyramid.",
      "Oxford University is older than the Aztec Empire.",
      "Woolly mammoths were still alive when the Great Pyramid of Giza was built.",
      "Ketchup was sold in the 1830s as a medicine.",
      "The Great Fire of London in 1666 destroyed over 13,000 houses.",
      "The first photograph was taken in the 1820s and needed hours of exposure.",
      "Napoleon was of average height for his time; the idea that he was short came from British cartoons.",
      "The Olympic Games began in ancient Greece in 776 BC.",
      "The printing press was invented by Johannes Gutenberg around 1440.",
    ],
  },
  quotes: {
    id: "quote",
    label: "quotes",
    items: [
      "“The only way to do great work is to love what you do.” — Steve Jobs",
      "“It always seems impossible until it's done.” — Nelson Mandela",
      "“In the middle of difficulty lies opportunity.” — Albert Einstein",
      "“Whether you think you can or you think you can't, you're right.” — Henry Ford",
      "“The best time to plant a tree was 20 years ago. The second best time is now.” — Chinese proverb",
      "“Success is not final, failure is not fatal: it is the courage to continue that counts.” — Winston Churchill",
      "“Be yourself; everyone else is already taken.” — Oscar Wilde",
      "“Do what you can, with what you have, where you are.” — Theodore Roosevelt",
      "“The journey of a thousand miles begins with one step.” — Lao Tzu",
      "“You miss 100 % of the shots you don't take.” — Wayne Gretzky",
      "“Act as if what you do makes a difference. It does.” — William James",
      "“Happiness depends upon ourselves.” — Aristotle",
    ],
  },
  compliments: {
    id: "compliment",
    label: "compliments",
    items: [
      "You light up every room you walk into.",
      "You have a great sense of humour.",
      "You're even better than a unicorn, because you're real.",
      "Your kindness is a balm to everyone who meets you.",
      "You're one of a kind, in the best way.",
      "You make this server a better place.",
      "Your ideas are always worth hearing.",
      "You bring out the best in the people around you.",
      "You have impeccable taste.",
      "Talking to you is the highlight of anyone's day.",
      "You're braver than you believe and smarter than you think.",
      "You're doing great. Really.",
    ],
  },
  roasts: {
    id: "roast",
    label: "gentle roasts",
    items: [
      "You're the reason the shampoo bottle has instructions.",
      "You bring everyone so much joy… when you leave the voice channel.",
      "Your Wi-Fi signal has more personality than your jokes.",
      "You're like a cloud: when you disappear, it's a beautiful day.",
      "I'd agree with you, but then we'd both be wrong.",
      "You have something on your chin… no, the third one.",
      "Your secrets are safe with me. I never listen anyway.",
      "You're proof that even evolution takes a break sometimes.",
      "If laziness were a sport, you'd come in fourth so you didn't have to walk to the podium.",
      "You're not stupid; you just have bad luck when thinking.",
    ],
  },
  riddles: {
    id: "riddle",
    label: "riddles",
    items: [
      "What has keys but can't open locks? ||A piano||",
      "What gets wetter the more it dries? ||A towel||",
      "What has to be broken before you can use it? ||An egg||",
      "I'm tall when I'm young and short when I'm old. What am I? ||A candle||",
      "What month of the year has 28 days? ||All of them||",
      "What is full of holes but still holds water? ||A sponge||",
      "What can you catch, but not throw? ||A cold||",
      "What has a head and a tail but no body? ||A coin||",
      "The more of this there is, the less you see. What is it? ||Darkness||",
      "What goes up but never comes down? ||Your age||",
    ],
  },
  wouldYouRather: {
    id: "wyr",
    label: "would-you-rather questions",
    items: [
      "Would you rather be able to fly or be invisible?",
      "Would you rather live without music or without films?",
      "Would you rather always be 10 minutes late or always 20 minutes early?",
      "Would you rather have a rewind button or a pause button for your life?",
      "Would you rather explore space or the deep ocean?",
      "Would you rather only be able to whisper or only be able to shout?",
      "Would you rather have unlimited pizza or unlimited tacos for life?",
      "Would you rather talk to animals or speak every human language?",
      "Would you rather live in the city or the countryside?",
      "Would you rather know the future or change the past?",
      "Would you rather never use social media again or never watch another film?",
      "Would you rather fight one horse-sized duck or a hundred duck-sized horses?",
    ],
  },
  truths: {
    id: "truth",
    label: "truth questions",
    items: [
      "What's the most embarrassing thing you've done in a voice chat?",
      "What's a secret talent nobody here knows about?",
      "What's the last thing you searched for online?",
      "Who in this server would you want on your team in a zombie apocalypse?",
      "What's the worst gift you've ever received?",
      "What's a food you pretend to like but actually hate?",
      "What's the longest you've gone without showering?",
      "What's your most irrational fear?",
      "What's the silliest thing you've ever cried about?",
      "What's one thing you'd change about yourself?",
    ],
  },
  dares: {
    id: "dare",
    label: "dares",
    items: [
      "Change your nickname to something the next person chooses, for an hour.",
      "Send the third photo in your camera roll (keep it appropriate).",
      "Type the next three messages with your eyes closed.",
      "Speak only in emojis for the next 10 minutes.",
      "Write a short poem about the last person who messaged.",
      "Use a pirate accent in voice chat for 5 minutes.",
      "Set your status to “I love pineapple pizza” for an hour.",
      "Compliment every person who speaks in the next 5 minutes.",
      "Tell us your worst joke.",
      "Do 10 push-ups and report back.",
    ],
  },
  topics: {
    id: "topic",
    label: "conversation starters",
    items: [
      "What's the best film you've watched this year?",
      "If you could live anywhere in the world, where would it be?",
      "What's a hobby you'd love to pick up?",
      "What's the best piece of advice you've ever been given?",
      "Which game could you play forever?",
      "What's your go-to comfort food?",
      "What's something small that made you happy this week?",
      "If you could have dinner with anyone, living or not, who would it be?",
      "What's a skill you think everyone should learn?",
      "What's the most interesting place you've visited?",
      "Which fictional world would you most like to live in?",
      "What song have you had on repeat lately?",
    ],
  },
  advice: {
    id: "advice",
    label: "pieces of advice",
    items: [
      "Drink a glass of water. Then another one later.",
      "Take a break from the screen every hour: look at something far away for 20 seconds.",
      "Sleep on big decisions.",
      "Write things down; your memory is not a to-do list.",
      "Say thank you more often than you think you need to.",
      "Start with the hardest task of the day.",
      "Ask for help sooner rather than later.",
      "Back up your files today, not tomorrow.",
      "If it takes less than two minutes, do it now.",
      "Be kind to yourself: you're doing better than you think.",
    ],
  },
  fortunes: {
    id: "fortune",
    label: "fortunes",
    items: [
      "A pleasant surprise is waiting for you.",
      "Your hard work will soon pay off.",
      "Good news will come to you from far away.",
      "A new friendship will bring you joy.",
      "Now is the time to try something new.",
      "Your talents will be recognised and rewarded.",
      "Adventure is on the horizon.",
      "Someone is thinking of you right now.",
      "Patience is your ally this week.",
      "The best is yet to come.",
    ],
  },
};

const words: readonly TopicWords[] = [
  {
    nouns: [["joke"], ["dad", "joke"], ["dadjoke"]],
    subjects: {
      programming: "programmingJokes",
      coding: "programmingJokes",
      programmer: "programmingJokes",
      developer: "programmingJokes",
      nerd: "programmingJokes",
      tech: "programmingJokes",
      computer: "programmingJokes",
    },
    topic: "jokes",
  },
  { nouns: [["pun"]], topic: "puns" },
  {
    nouns: [["fact"], ["funfact"], ["fun", "fact"], ["trivia", "fact"]],
    subjects: {
      animal: "animalFacts",
      animals: "animalFacts",
      nature: "animalFacts",
      cat: "catFacts",
      cats: "catFacts",
      kitty: "catFacts",
      dog: "dogFacts",
      dogs: "dogFacts",
      puppy: "dogFacts",
      space: "spaceFacts",
      planet: "spaceFacts",
      planets: "spaceFacts",
      astronomy: "spaceFacts",
      universe: "spaceFacts",
      science: "scienceFacts",
      scientific: "scienceFacts",
      history: "historyFacts",
      historical: "historyFacts",
    },
    topic: "facts",
  },
  {
    nouns: [["quote"], ["inspirational", "quote"], ["motivational", "quote"], ["quotation"]],
    topic: "quotes",
  },
  { nouns: [["compliment"]], topic: "compliments" },
  { nouns: [["roast"], ["comeback"]], topic: "roasts" },
  { nouns: [["riddle"], ["brain", "teaser"]], topic: "riddles" },
  {
    nouns: [["would", "you", "rather", "question"], ["would", "you", "rather"], ["wyr", "question"], ["wyr"]],
    topic: "wouldYouRather",
  },
  { nouns: [["truth", "question"], ["truth"]], topic: "truths" },
  { nouns: [["dare"]], topic: "dares" },
  {
    nouns: [
      ["conversation", "starter"],
      ["conversation", "topic"],
      ["discussion", "topic"],
      ["chat", "topic"],
      ["icebreaker"],
      ["ice", "breaker"],
      ["topic"],
    ],
    topic: "topics",
  },
  { nouns: [["piece", "of", "advice"], ["advice"], ["life", "tip"], ["tip"]], topic: "advice" },
  { nouns: [["fortune"], ["fortune", "cookie"]], topic: "fortunes" },
];

/** Words before the noun that only colour it: "a random funny joke", "a cool fact". */
const colour = new Set([
  "random",
  "randomly",
  "chosen",
  "different",
  "new",
  "fun",
  "funny",
  "cool",
  "interesting",
  "good",
  "short",
  "silly",
  "cheesy",
  "bad",
  "lame",
  "corny",
  "terrible",
  "awful",
  "wholesome",
  "nice",
  "cute",
  "famous",
  "inspirational",
  "inspiring",
  "motivational",
  "uplifting",
  "daily",
  "quick",
  "little",
  "clean",
  "family-friendly",
  "kind",
  "sweet",
  "gentle",
  "friendly",
  "mild",
  "harmless",
  "weird",
  "crazy",
  "amazing",
  "true",
  "real",
  "one",
  "of",
  "some",
  "our",
]);

const singular = (word: string) =>
  word.endsWith("ies")
    ? `${word.slice(0, -3)}y`
    : word.endsWith("s") && !word.endsWith("ss")
      ? word.slice(0, -1)
      : word;

export interface ContentFound {
  topic: ContentTopic;
  /** How many words it took from `at`. */
  used: number;
}

/**
 * The topic the words at `at` ask for: "random joke", "funny dad jokes", "a cat fact", "fun fact
 * about animals", "a would you rather question", "jokes about programming". `at` is past any
 * determiner. Null when they name no topic the builder writes texts for.
 */
export function contentAt(lower: readonly string[], at: number): ContentFound | null {
  let i = at;
  let subject: string | undefined;
  let coloured = false;
  for (let guard = 0; guard < 6 && i < lower.length; guard++) {
    const word = lower[i]!;
    const entry = words.find((w) => w.subjects && word in w.subjects);
    // "cat fact", "programming joke": a subject before the noun.
    if (entry && nounAt(entry, lower, i + 1)) {
      subject = word;
      i++;
      break;
    }
    if (!colour.has(word)) break;
    coloured ||= word !== "one" && word !== "of" && word !== "some" && word !== "our";
    i++;
  }
  for (const entry of words) {
    const length = nounAt(entry, lower, i);
    if (!length) continue;
    // "topic", "tip", "truth", "advice" alone say little: only with "random" or a colour word before them.
    const weak = ["topic", "tip", "truth", "advice", "fortune", "quotation", "comeback"].includes(singular(lower[i]!));
    if (weak && length === 1 && !coloured && !subject) return null;
    let used = i - at + length;
    let key = subject ? entry.subjects![subject]! : entry.topic;
    // "fun facts about animals", "jokes about coding", "a fact on space".
    const about = lower[at + used];
    if (!subject && entry.subjects && (about === "about" || about === "on")) {
      const next = lower[at + used + 1] === "the" ? 2 : 1;
      const said = lower[at + used + next];
      if (said && entry.subjects[said]) {
        key = entry.subjects[said]!;
        used += next + 1;
      }
    }
    return { topic: topics[key]!, used };
  }
  return null;
}

function nounAt(entry: TopicWords, lower: readonly string[], at: number): number {
  for (const noun of [...entry.nouns].sort((a, b) => b.length - a.length)) {
    if (noun.every((word, k) => (k === noun.length - 1 ? singular(lower[at + k] ?? "") : lower[at + k]) === word))
      return noun.length;
  }
  return 0;
}

/** Command names that ask for a topic on their own: /joke, /dadjoke, /catfact, /wyr, /compliment. */
const topicOfName: Record<string, string> = {
  joke: "jokes",
  jokes: "jokes",
  dadjoke: "jokes",
  pun: "puns",
  fact: "facts",
  facts: "facts",
  funfact: "facts",
  catfact: "catFacts",
  dogfact: "dogFacts",
  animalfact: "animalFacts",
  spacefact: "spaceFacts",
  quote: "quotes",
  inspire: "quotes",
  inspiration: "quotes",
  motivate: "quotes",
  motivation: "quotes",
  compliment: "compliments",
  roast: "roasts",
  riddle: "riddles",
  wyr: "wouldYouRather",
  wouldyourather: "wouldYouRather",
  truth: "truths",
  dare: "dares",
  topic: "topics",
  icebreaker: "topics",
  advice: "advice",
};

/** Every name contentNamed knows (for the features' names). */
export const contentNames: readonly string[] = Object.keys(topicOfName);

/** The topic a command's name asks for on its own, or null. */
export function contentNamed(name: string): ContentTopic | null {
  const key = topicOfName[name.toLowerCase().replace(/[-_]/g, "")];
  return key ? topics[key]! : null;
}

/** Verbs that ask the builder to write the texts: "make up like 10 facts", "come up with some jokes". */
const writeVerbs = new Set(["make", "come", "write", "invent", "think", "include", "add", "use", "put", "pick"]);

/**
 * Where the description tells the builder to write the texts itself ("(make up like 10 facts
 * about animals)", "come up with a few jokes", "you can pick the quotes"): the words to claim,
 * and the topic when it names a subject ("about animals"). Null when there is no such part.
 */
export function writingAsked(
  lower: readonly string[],
  found: ContentTopic,
): { from: number; to: number; topic: ContentTopic } | null {
  for (let i = 0; i < lower.length; i++) {
    if (!writeVerbs.has(lower[i]!)) continue;
    for (let k = i + 1; k < Math.min(lower.length, i + 8); k++) {
      const content = contentAt(lower, k);
      if (!content || content.topic.id !== found.id) continue;
      // "make up … facts" must be about the same kind of text as the answer.
      let to = k + content.used;
      if (lower[to] === ")") to++;
      const from = i > 0 && lower[i - 1] === "(" ? i - 1 : i;
      // "make up like 10 facts" names no subject: the topic asked for stays; "facts about animals" picks that list.
      return { from, to, topic: content.topic === topics.facts ? found : content.topic };
    }
  }
  return null;
}
