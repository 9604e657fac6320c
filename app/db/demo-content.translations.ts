// The English and German versions of the demo content (ADR 032), kept apart from the Vietnamese
// originals in demo-content.ts because the blog posts' bodies alone would triple that file. Each
// map is keyed by what identifies its item there — a course's level, a post's Vietnamese slug, a
// person's name, a value's or milestone's Vietnamese title — and demo-content.ts attaches the entry
// to its item (`translations: courseTranslations.A1`), so a missing or misspelt key is a compile
// error. German addresses the reader as "Sie", as the German interface does.
//
// Names, prices, levels and the German terms the Vietnamese already uses (Ausbildung, Lebenslauf,
// Goethe-Zertifikat) are kept; post slugs are plain ASCII words, each unique in its language.

import type * as tables from "./schema";

/** What a table's `translations` column holds, with the fields that table can translate. */
type TranslationsOf<Table extends { $inferInsert: { translations?: unknown } }> = NonNullable<
  Table["$inferInsert"]["translations"]
>;

type CourseTranslations = TranslationsOf<typeof tables.courses>;
type TeamMemberTranslations = TranslationsOf<typeof tables.teamMembers>;
type ValueTranslations = TranslationsOf<typeof tables.coreValues>;
type MilestoneTranslations = TranslationsOf<typeof tables.milestones>;
type TestimonialTranslations = TranslationsOf<typeof tables.testimonials>;
type ClassTranslations = TranslationsOf<typeof tables.courseClasses>;

/* ---------------------------------------------------------------- courses */

export const courseTranslations = {
  A1: {
    en: {
      title: "German for Beginners A1",
      description:
        "A course for complete beginners: get to grips with pronunciation, the basics of grammar and everyday situations such as introducing yourself, shopping, asking for directions and making appointments.",
      duration: "10 weeks",
      lessons: "30 sessions",
      features: [
        "Accurate pronunciation from your very first lesson",
        "Basic communication for everyday life",
        "Online classes of no more than 8 learners",
        "Free course materials",
        "Goethe-Zertifikat A1 mock exam at the end of the course",
      ],
    },
    de: {
      title: "Deutsch für Anfänger A1",
      description:
        "Der Kurs für alle, die bei null anfangen: Sie lernen die Aussprache, die Grundlagen der Grammatik und Alltagssituationen kennen – sich vorstellen, einkaufen, nach dem Weg fragen und Termine vereinbaren.",
      duration: "10 Wochen",
      lessons: "30 Termine",
      features: [
        "Saubere Aussprache von der ersten Stunde an",
        "Grundlegende Kommunikation im Alltag",
        "Online-Kurse mit höchstens 8 Teilnehmenden",
        "Kostenlose Lernmaterialien",
        "Probeprüfung Goethe-Zertifikat A1 am Kursende",
      ],
    },
  },
  A2: {
    en: {
      title: "Elementary German A2",
      description:
        "Build up your vocabulary and grammar to talk more confidently about work, health, housing and your own plans; understand short notices and write messages and simple letters.",
      duration: "10 weeks",
      lessons: "30 sessions",
      features: [
        "Grammar consolidation: the Perfekt past tense, subordinate clauses, prepositions",
        "Vocabulary for renting a flat, seeing a doctor and working life",
        "Listening practice with conversations at natural speed",
        "Detailed feedback on your writing every week",
        "Goethe-Zertifikat A2 mock exam at the end of the course",
      ],
    },
    de: {
      title: "Deutsch Grundstufe A2",
      description:
        "Sie erweitern Wortschatz und Grammatik, um sicherer über Arbeit, Gesundheit, Wohnen und Ihre Pläne zu sprechen, verstehen kurze Mitteilungen und schreiben Nachrichten und einfache Briefe.",
      duration: "10 Wochen",
      lessons: "30 Termine",
      features: [
        "Grammatik festigen: Perfekt, Nebensätze, Präpositionen",
        "Wortschatz zu Wohnungssuche, Arztbesuch und Beruf",
        "Hörtraining mit Gesprächen in natürlichem Tempo",
        "Jede Woche ausführliche Korrektur Ihrer Texte",
        "Probeprüfung Goethe-Zertifikat A2 am Kursende",
      ],
    },
  },
  B1: {
    en: {
      title: "Intermediate German B1",
      description:
        "The key course for studying, vocational training (Ausbildung) or working in Germany: consolidate intermediate grammar, practise all four skills and get to know the format of the Goethe-Zertifikat B1 and telc Deutsch B1 exams.",
      duration: "12 weeks",
      lessons: "36 sessions",
      features: [
        "Exam practice for Goethe-Zertifikat B1 and telc Deutsch B1",
        "Informal and formal e-mails written to exam standard",
        "Speaking practice in pairs with a native-speaker teacher",
        "Mock exams in all four skills, marked with detailed feedback",
        "Help with your Lebenslauf and Ausbildung interview practice",
        "Repeat the course free of charge if you miss your goal",
      ],
    },
    de: {
      title: "Deutsch Mittelstufe B1",
      description:
        "Der zentrale Kurs für alle, die in Deutschland studieren, eine Ausbildung machen oder arbeiten möchten: Sie festigen die Grammatik der Mittelstufe, trainieren alle vier Fertigkeiten und lernen den Aufbau der Prüfungen Goethe-Zertifikat B1 und telc Deutsch B1 kennen.",
      duration: "12 Wochen",
      lessons: "36 Termine",
      features: [
        "Prüfungstraining für Goethe-Zertifikat B1 und telc Deutsch B1",
        "Persönliche und formelle E-Mails nach Prüfungsstandard",
        "Sprechtraining zu zweit mit muttersprachlichen Lehrkräften",
        "Probeprüfungen in allen vier Fertigkeiten mit Bewertung und ausführlichem Feedback",
        "Unterstützung beim Lebenslauf und Training für Ausbildungs-Vorstellungsgespräche",
        "Kostenlose Kurswiederholung, falls Sie Ihr Ziel nicht erreichen",
      ],
    },
  },
  B2: {
    en: {
      title: "Upper-Intermediate German B2",
      description:
        "For learners with B1 who want to use German independently in their studies and at work: discussions, presentations, argumentative essays and in-depth B2 exam practice.",
      duration: "14 weeks",
      lessons: "42 sessions",
      features: [
        "Exam practice for Goethe-Zertifikat B2 and telc Deutsch B2",
        "Opinion essays and formal letters",
        "Presentations and discussions on social issues",
        "Reading newspapers and specialist texts",
        "A weekly topic class with a native-speaker teacher",
      ],
    },
    de: {
      title: "Deutsch Obere Mittelstufe B2",
      description:
        "Für Lernende mit B1, die Deutsch in Studium und Beruf selbstständig verwenden möchten: diskutieren, präsentieren, Erörterungen schreiben und intensiv für die B2-Prüfung trainieren.",
      duration: "14 Wochen",
      lessons: "42 Termine",
      features: [
        "Prüfungstraining für Goethe-Zertifikat B2 und telc Deutsch B2",
        "Meinungsäußerungen und formelle Briefe schreiben",
        "Präsentationen und Diskussionen zu gesellschaftlichen Themen",
        "Zeitungsartikel und Fachtexte verstehen",
        "Jede Woche ein Themenkurs mit einer muttersprachlichen Lehrkraft",
      ],
    },
  },
} satisfies Record<string, CourseTranslations>;

/* ---------------------------------------------------------------- about page */

export const aboutInfoTranslations = {
  en: {
    mission:
      "To help Vietnamese learners master German thoroughly, effectively and with confidence, so that every one of them can reach their goal of studying, working and building a new life in Germany.",
    vision:
      "To become the online German school Vietnamese learners trust most, where the quality of teaching is measured by exam results and by our learners' real-life success.",
    method:
      "Online classes of no more than 8 learners, taught by experienced Vietnamese teachers together with native speakers. Every learner follows a personal learning path, practises all four skills – listening, speaking, reading and writing – evenly, and gets detailed feedback on their pronunciation and writing after every lesson.",
    description:
      "Lernhaus was founded in Hanoi in 2022 by teachers who had studied and worked in Germany. From the first three online classes, Lernhaus has since accompanied more than 800 learners all over Vietnam – from people starting with the alphabet to those who have passed B1 and B2 to study, train and work in Germany.",
    commitment:
      "We promise a clear outcome for every course: if you attend every lesson and complete your homework but do not reach your goal, Lernhaus lets you repeat the course free of charge. Every question from our learners is answered within 30 minutes.",
  },
  de: {
    mission:
      "Wir helfen Menschen aus Vietnam, Deutsch gründlich, wirkungsvoll und mit Selbstvertrauen zu lernen – damit alle unsere Lernenden ihr Ziel erreichen: ein Studium, eine Arbeit und ein neues Leben in Deutschland.",
    vision:
      "Wir wollen die Online-Sprachschule für Deutsch werden, der Lernende in Vietnam am meisten vertrauen – eine Schule, deren Unterricht sich an Prüfungsergebnissen und am echten Erfolg ihrer Lernenden messen lässt.",
    method:
      "Online-Kurse mit höchstens 8 Teilnehmenden, geleitet von erfahrenen vietnamesischen und muttersprachlichen Lehrkräften. Alle Lernenden folgen einem persönlichen Lernplan, trainieren die vier Fertigkeiten Hören, Sprechen, Lesen und Schreiben gleichermaßen und erhalten nach jeder Stunde eine ausführliche Korrektur ihrer Aussprache und ihrer Texte.",
    description:
      "Lernhaus wurde 2022 in Hanoi von Lehrkräften gegründet, die selbst in Deutschland studiert und gearbeitet haben. Aus den ersten drei Online-Kursen ist eine Schule geworden, die bisher mehr als 800 Lernende in ganz Vietnam begleitet hat – von Menschen, die mit dem Alphabet beginnen, bis zu denen, die das B1- oder B2-Zertifikat für Studium, Ausbildung und Beruf in Deutschland bestanden haben.",
    commitment:
      "Wir versprechen für jeden Kurs ein klares Ergebnis: Wer an allen Stunden teilnimmt und alle Hausaufgaben erledigt, sein Ziel aber nicht erreicht, wiederholt den Kurs bei Lernhaus kostenlos. Jede Frage unserer Lernenden beantworten wir innerhalb von 30 Minuten.",
  },
} satisfies TranslationsOf<typeof tables.aboutInfo>;

export const teamMemberTranslations = {
  "Nguyễn Thị Thu Hà": {
    en: {
      role: "Director of Studies, B1–B2 exam preparation teacher",
      experience: "12 years of teaching German",
      education: "MA in Teaching German as a Foreign Language (DaF), Leipzig University",
      certifications: [
        "Goethe-Zertifikat C2: Großes Deutsches Sprachdiplom",
        "Goethe-Institut teacher training programme Deutsch Lehren Lernen (DLL)",
      ],
      specialties: ["Goethe B1 and B2 exam preparation", "Grammar", "Writing skills"],
      achievements:
        "Has personally coached more than 400 learners to pass B1 and B2; co-author of the Lernhaus exam preparation materials.",
    },
    de: {
      role: "Pädagogische Leiterin, Lehrerin für die Prüfungsvorbereitung B1–B2",
      experience: "12 Jahre Erfahrung im Deutschunterricht",
      education: "Master Deutsch als Fremdsprache (DaF), Universität Leipzig",
      certifications: [
        "Goethe-Zertifikat C2: Großes Deutsches Sprachdiplom",
        "Fortbildungsprogramm Deutsch Lehren Lernen (DLL) des Goethe-Instituts",
      ],
      specialties: ["Prüfungsvorbereitung Goethe B1 und B2", "Grammatik", "Schreibfertigkeit"],
      achievements:
        "Hat mehr als 400 Lernende persönlich zum bestandenen B1- oder B2-Zertifikat geführt; Mitautorin der Lernhaus-Materialien zur Prüfungsvorbereitung.",
    },
  },
  "Thomas Becker": {
    en: {
      role: "Native-speaker teacher",
      experience: "9 years of teaching German to international learners",
      education: "BA in German Linguistics, Heidelberg University",
      certifications: ["DaF/DaZ teaching certificate", "Licensed telc examiner (B1–B2)"],
      specialties: [
        "Speaking practice and quick responses in conversation",
        "telc B2 exam preparation",
        "Culture and the workplace in Germany",
      ],
      achievements:
        "Has taught at language schools in Berlin and Hanoi; created the Lernhaus Ausbildung interview training programme.",
    },
    de: {
      role: "Muttersprachlicher Lehrer",
      experience: "9 Jahre Erfahrung im Unterricht Deutsch als Fremdsprache",
      education: "Bachelor Germanistische Linguistik, Universität Heidelberg",
      certifications: ["Lehrbefähigung DaF/DaZ", "Lizenzierter telc-Prüfer (B1–B2)"],
      specialties: [
        "Sprechtraining und schnelles Reagieren im Gespräch",
        "Prüfungsvorbereitung telc B2",
        "Kultur und Arbeitswelt in Deutschland",
      ],
      achievements:
        "Hat an Sprachschulen in Berlin und Hanoi unterrichtet und das Lernhaus-Training für Vorstellungsgespräche zur Ausbildung entwickelt.",
    },
  },
  "Trần Minh Đức": {
    en: {
      role: "A1–A2 German teacher",
      experience: "6 years of teaching German",
      education: "BA in German Language, Hanoi University",
      certifications: [
        "Goethe-Zertifikat C1",
        "Goethe-Institut teacher training programme Deutsch Lehren Lernen (DLL)",
      ],
      specialties: ["Accurate pronunciation", "German for beginners", "Learning on your own"],
      achievements: "Voted the learners' favourite teacher of 2024.",
    },
    de: {
      role: "Deutschlehrer A1–A2",
      experience: "6 Jahre Erfahrung im Deutschunterricht",
      education: "Bachelor Germanistik, Hanoi University",
      certifications: [
        "Goethe-Zertifikat C1",
        "Fortbildungsprogramm Deutsch Lehren Lernen (DLL) des Goethe-Instituts",
      ],
      specialties: ["Saubere Aussprache", "Deutsch für Anfänger", "Selbstständiges Lernen"],
      achievements: "Von den Lernenden zum beliebtesten Lehrer des Jahres 2024 gewählt.",
    },
  },
  "Lena Hoffmann": {
    en: {
      role: "Native-speaker teacher, study abroad adviser",
      experience: "5 years of teaching and study abroad advice",
      education: "MA in Intercultural Education, University of Hamburg",
      certifications: [
        "Certificate in teaching German as a foreign language (DaF)",
        "Certificate in international education counselling",
      ],
      specialties: [
        "Advice on studying and Ausbildung in Germany",
        "Writing your Lebenslauf and Motivationsschreiben",
        "Everyday conversation",
      ],
      achievements:
        "Has helped more than 150 learners prepare their applications for university and vocational training and their interviews with German employers.",
    },
    de: {
      role: "Muttersprachliche Lehrerin, Studienberaterin",
      experience: "5 Jahre Erfahrung in Unterricht und Studienberatung",
      education: "Master Interkulturelle Bildung, Universität Hamburg",
      certifications: [
        "Lehrbefähigung Deutsch als Fremdsprache (DaF)",
        "Zertifikat Internationale Bildungsberatung",
      ],
      specialties: [
        "Beratung zu Studium und Ausbildung in Deutschland",
        "Lebenslauf und Motivationsschreiben",
        "Alltagskommunikation",
      ],
      achievements:
        "Hat mehr als 150 Lernende bei ihren Bewerbungen für Studium und Ausbildung und bei Vorstellungsgesprächen mit deutschen Unternehmen unterstützt.",
    },
  },
} satisfies Record<string, TeamMemberTranslations>;

export const valueTranslations = {
  "Tận tâm": {
    en: {
      title: "Dedication",
      description:
        "We stay by every learner's side from the first lesson to the day they receive their certificate, caring about their progress and their motivation alike.",
    },
    de: {
      title: "Engagement",
      description:
        "Wir begleiten alle Lernenden von der ersten Stunde bis zum Tag, an dem sie ihr Zertifikat in den Händen halten – und achten dabei auf ihre Fortschritte ebenso wie auf ihre Motivation.",
    },
  },
  "Chất lượng giảng dạy": {
    en: {
      title: "Quality teaching",
      description:
        "Our teachers hold a C1 certificate or higher, or are native speakers with a teaching qualification; our curriculum follows the Common European Framework of Reference closely.",
    },
    de: {
      title: "Qualität im Unterricht",
      description:
        "Unsere Lehrkräfte haben mindestens ein C1-Zertifikat oder sind Muttersprachler mit Lehrbefähigung; der Lehrplan orientiert sich eng am Gemeinsamen Europäischen Referenzrahmen.",
    },
  },
  "Học viên là trung tâm": {
    en: {
      title: "Learners first",
      description: "Learning path, pace and materials are adapted to each person's goals and timetable.",
    },
    de: {
      title: "Die Lernenden im Mittelpunkt",
      description:
        "Lernweg, Tempo und Materialien richten sich nach den Zielen und dem Zeitplan jeder einzelnen Person.",
    },
  },
  "Thực hành mỗi ngày": {
    en: {
      title: "Practice every day",
      description:
        "A language only truly becomes yours when you use it, so most of every lesson is spent listening, speaking and interacting.",
    },
    de: {
      title: "Jeden Tag üben",
      description:
        "Eine Sprache gehört Ihnen erst wirklich, wenn Sie sie benutzen. Deshalb verbringen wir den größten Teil jeder Stunde mit Hören, Sprechen und Interaktion.",
    },
  },
  "Minh bạch": {
    en: {
      title: "Transparency",
      description:
        "Fees, learning path and our promise on results are stated clearly when you enrol, with no hidden costs.",
    },
    de: {
      title: "Transparenz",
      description:
        "Kursgebühren, Lernweg und unser Ergebnisversprechen stehen schon bei der Anmeldung klar fest – ohne versteckte Kosten.",
    },
  },
  "Không ngừng đổi mới": {
    en: {
      title: "Always improving",
      description:
        "Our teachers keep their methods up to date and stay on top of new exam formats and modern online learning tools.",
    },
    de: {
      title: "Ständige Weiterentwicklung",
      description:
        "Unsere Lehrkräfte bilden sich laufend weiter und halten Methoden, neue Prüfungsformate und moderne Online-Lernwerkzeuge stets aktuell.",
    },
  },
} satisfies Record<string, ValueTranslations>;

export const milestoneTranslations = {
  "Thành lập Lernhaus": {
    en: {
      title: "Lernhaus is founded",
      description:
        "Lernhaus opens in Hanoi with its first three online A1 classes and two founding teachers who had studied in Germany.",
    },
    de: {
      title: "Gründung von Lernhaus",
      description:
        "Lernhaus startet in Hanoi mit den ersten drei Online-Kursen auf A1-Niveau – gegründet von zwei Lehrkräften, die selbst in Deutschland studiert haben.",
    },
  },
  "Khai giảng chương trình luyện thi B1": {
    en: {
      title: "B1 exam preparation begins",
      description: "The first Goethe and telc B1 preparation classes open; 92% of the first group pass.",
    },
    de: {
      title: "Start der B1-Prüfungsvorbereitung",
      description:
        "Die ersten Vorbereitungskurse für Goethe und telc B1 beginnen; 92 % der ersten Gruppe bestehen die Prüfung.",
    },
  },
  "Chào đón giáo viên bản ngữ": {
    en: {
      title: "Native-speaker teachers join",
      description:
        "German teachers join the team, helping learners practise speaking and get used to standard German from A2 onwards.",
    },
    de: {
      title: "Muttersprachliche Lehrkräfte kommen dazu",
      description:
        "Lehrkräfte aus Deutschland verstärken das Team: Die Lernenden üben schon ab A2 das Sprechen und gewöhnen sich an die Standardaussprache.",
    },
  },
  "Vượt mốc 500 học viên": {
    en: {
      title: "More than 500 learners",
      description:
        "The B2 course launches and we welcome our 500th learner; our learners now come from more than 30 provinces and cities across Vietnam.",
    },
    de: {
      title: "Über 500 Lernende",
      description:
        "Der B2-Kurs startet, und wir begrüßen die 500. Person in unseren Kursen; unsere Lernenden kommen inzwischen aus mehr als 30 Provinzen und Städten in ganz Vietnam.",
    },
  },
  "Đồng hành trên hành trình sang Đức": {
    en: {
      title: "By your side on the way to Germany",
      description:
        "Our advice programme for studying and Ausbildung in Germany starts, and the number of learners passes 800.",
    },
    de: {
      title: "An Ihrer Seite auf dem Weg nach Deutschland",
      description:
        "Unsere Beratung zu Studium und Ausbildung in Deutschland startet, und die Zahl der Lernenden steigt auf über 800.",
    },
  },
} satisfies Record<string, MilestoneTranslations>;

export const testimonialTranslations = {
  "Nguyễn Hoàng Nam": {
    en: {
      role: "Nursing trainee (Ausbildung) in Stuttgart",
      content:
        "Before Lernhaus I had been studying A1 on my own for almost a year and still didn't dare to speak. Here the classes are small, so I got to speak in every lesson and my teacher corrected my mistakes straight away. Thanks to a clear learning path, I passed B1 on my first attempt.",
      result: "Passed Goethe B1 after 6 months",
    },
    de: {
      role: "Auszubildender in der Pflege in Stuttgart",
      content:
        "Bevor ich zu Lernhaus kam, hatte ich fast ein Jahr lang allein A1 gelernt und mich trotzdem nicht getraut zu sprechen. Hier sind die Kurse klein, deshalb konnte ich in jeder Stunde sprechen, und meine Lehrerin hat meine Fehler sofort korrigiert. Dank des klaren Lernplans habe ich B1 gleich beim ersten Versuch bestanden.",
      result: "Goethe B1 nach 6 Monaten bestanden",
    },
  },
  "Lê Thị Mai Anh": {
    en: {
      role: "Environmental engineering student, TU Dresden",
      content:
        "The B2 exam practice sessions with our teacher Thomas made me far more confident in the speaking test. He pointed out each of my mistakes precisely and showed me how to express myself naturally, the way Germans do. I'm very grateful to the whole Lernhaus team.",
      result: "Passed telc B2, now studying at TU Dresden",
    },
    de: {
      role: "Studentin der Umwelttechnik, TU Dresden",
      content:
        "Das B2-Prüfungstraining bei unserem Lehrer Thomas hat mir in der mündlichen Prüfung viel mehr Sicherheit gegeben. Er hat mir jeden Fehler genau gezeigt und erklärt, wie man sich so natürlich ausdrückt wie Muttersprachler. Ich bin dem ganzen Lernhaus-Team sehr dankbar.",
      result: "telc B2 bestanden, Studium an der TU Dresden",
    },
  },
  "Phạm Quốc Bảo": {
    en: {
      role: "Software engineer in Hanoi",
      content:
        "The evening classes suit working people like me really well. The lessons are easy to follow and the materials are thorough. My only wish is for some weekend morning classes, for even more flexibility.",
      result: "Completed A2 in 5 months while working full time",
    },
    de: {
      role: "Softwareentwickler in Hanoi",
      content:
        "Die Abendkurse passen sehr gut zu Berufstätigen wie mir. Der Unterricht ist gut verständlich, die Materialien sind umfassend. Ich wünsche mir nur noch Kurse am Wochenendvormittag, dann wäre ich noch flexibler.",
      result: "A2 in 5 Monaten neben dem Beruf abgeschlossen",
    },
  },
  "Vũ Thanh Hương": {
    en: {
      role: "Office worker in Ho Chi Minh City",
      content:
        "I started from zero and used to think German was far too hard. Our teacher Đức works on pronunciation very carefully and explains grammar with examples from everyday life, so I made quick progress and really enjoy learning.",
      result: "Passed Goethe A1 with 91/100 points",
    },
    de: {
      role: "Büroangestellte in Ho-Chi-Minh-Stadt",
      content:
        "Ich habe bei null angefangen und dachte früher, Deutsch sei viel zu schwer. Unser Lehrer Đức übt die Aussprache sehr gründlich und erklärt die Grammatik mit Beispielen aus dem Alltag. So habe ich schnell Fortschritte gemacht, und das Lernen macht mir richtig Spaß.",
      result: "Goethe A1 mit 91 von 100 Punkten bestanden",
    },
  },
  "Đặng Minh Tuấn": {
    en: {
      role: "Chef, preparing to work in Germany",
      content:
        "The teachers are committed and always answer my questions, even outside class. Listening is still hard for me, but since the course I understand much more than before.",
      result: "Passed telc B1 after 8 months",
    },
    de: {
      role: "Koch, bereitet sich auf seine Arbeit in Deutschland vor",
      content:
        "Die Lehrkräfte sind sehr engagiert und beantworten meine Fragen immer, auch außerhalb des Unterrichts. Hören fällt mir noch schwer, aber seit dem Kurs verstehe ich viel mehr als vorher.",
      result: "telc B1 nach 8 Monaten bestanden",
    },
  },
} satisfies Record<string, TestimonialTranslations>;

/* ---------------------------------------------------------------- contact */

export const contactConfigTranslations = {
  en: {
    description:
      "Lernhaus is an online German school for Vietnamese learners, by your side from A1 to B2 and on your way to studying and working in Germany.",
  },
  de: {
    description:
      "Lernhaus ist eine Online-Sprachschule für Deutsch, die Lernende aus Vietnam von A1 bis B2 und auf ihrem Weg zu Studium und Beruf in Deutschland begleitet.",
  },
} satisfies TranslationsOf<typeof tables.contactConfig>;

/* ---------------------------------------------------------------- classes */

/** Keyed by the class's Vietnamese note. */
export const classNoteTranslations = {
  "Lớp cuối tuần cho người đi làm": {
    en: { note: "Weekend class for working people" },
    de: { note: "Wochenendkurs für Berufstätige" },
  },
  "Lớp luyện thi Goethe-Zertifikat B1": {
    en: { note: "Goethe-Zertifikat B1 exam preparation class" },
    de: { note: "Vorbereitungskurs für das Goethe-Zertifikat B1" },
  },
} satisfies Record<string, ClassTranslations>;
