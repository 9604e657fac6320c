// The English and German versions of the demo blog posts (ADR 032), keyed by each post's
// Vietnamese slug; demo-content.ts attaches them to their posts. The bodies are complete
// translations of the Vietnamese Markdown, section by section, not summaries. Slugs are the
// translated titles as lowercase ASCII words joined by hyphens — German umlauts spelt ae/oe/ue and
// ß as ss, as German addresses write them — and unique within each language.

import type * as tables from "./schema";

type PostTranslations = NonNullable<(typeof tables.posts.$inferInsert)["translations"]>;

/* ---------------------------------------------------------------- 8 habits */

const habitsEn = `## Why regularity matters more than hours

Many learners start German with great determination: three or four hours every weekend, and then they give up after a month. Our memory works better when we review things often, which is why **30 minutes a day** is far more effective than one three-hour session a week.

## 8 habits to start today

1. **Set a fixed time for studying.** Choose the time when you are least likely to be disturbed – say, 20 minutes before work or after dinner – and keep it like an appointment.
2. **Learn new nouns with their article and plural.** Don't just write "Tisch – table"; write "der Tisch, die Tische". This habit will save you from a great many grammar mistakes later on.
3. **Listen to German every day.** Programmes such as "Nicos Weg" or "Langsam gesprochene Nachrichten" from Deutsche Welle are ideal for levels A1 to B1.
4. **Keep a three-sentence diary.** Every evening, write three sentences about your day, for example: "Heute habe ich lange gearbeitet." After a few weeks you will notice that you write faster and more naturally.
5. **Switch your phone to German.** You will come across words like Einstellungen, Speichern and Nachricht again and again without having to make any effort to memorise them.
6. **Practise shadowing.** Listen to a short sentence, pause, and repeat it with exactly the same intonation. Just 10 minutes a day will noticeably improve your pronunciation.
7. **Keep a record of your own mistakes.** Set aside a page in your notebook for the mistakes you make most often and look over it at the end of every week.
8. **Find a learning partner.** A classmate or a German tandem partner will keep you motivated and give you the chance to use real German.

## Start small, keep going

You don't need to adopt all 8 habits at once. Choose the two easiest ones, keep them up for two weeks, and only then add the next. Once studying becomes a natural part of your life, progress will come faster than you think.

If you would like a concrete learning plan that fits your timetable, the Lernhaus teachers are always happy to advise you free of charge.
`;

const habitsDe = `## Warum Regelmäßigkeit wichtiger ist als die Lernzeit

Viele Lernende beginnen mit Deutsch hochmotiviert: drei, vier Stunden an jedem Wochenende – und nach einem Monat geben sie auf. Unser Gedächtnis arbeitet besser, wenn wir regelmäßig wiederholen. Deshalb bringen **30 Minuten am Tag** viel mehr als eine einzige dreistündige Lerneinheit pro Woche.

## 8 Gewohnheiten, mit denen Sie heute anfangen können

1. **Legen Sie eine feste Lernzeit fest.** Wählen Sie die Zeit, in der Sie am wenigsten gestört werden, zum Beispiel 20 Minuten vor der Arbeit oder nach dem Abendessen, und halten Sie sie ein wie einen Termin.
2. **Lernen Sie neue Nomen mit Artikel und Plural.** Notieren Sie nicht nur „Tisch“ mit der Übersetzung, sondern „der Tisch, die Tische“. Diese Gewohnheit erspart Ihnen später sehr viele Grammatikfehler.
3. **Hören Sie jeden Tag Deutsch.** Angebote wie „Nicos Weg“ oder „Langsam gesprochene Nachrichten“ der Deutschen Welle eignen sich sehr gut für die Niveaus A1 bis B1.
4. **Führen Sie ein Drei-Sätze-Tagebuch.** Schreiben Sie jeden Abend drei Sätze über Ihren Tag, zum Beispiel: „Heute habe ich lange gearbeitet.“ Nach ein paar Wochen werden Sie merken, dass Sie schneller und natürlicher schreiben.
5. **Stellen Sie Ihr Handy auf Deutsch um.** Wörter wie Einstellungen, Speichern oder Nachricht begegnen Ihnen dann immer wieder, ohne dass Sie sie mühsam auswendig lernen müssen.
6. **Üben Sie Shadowing.** Hören Sie einen kurzen Satz, halten Sie an und sprechen Sie ihn mit genau derselben Satzmelodie nach. Schon 10 Minuten am Tag verbessern Ihre Aussprache deutlich.
7. **Notieren Sie Ihre eigenen Fehler.** Reservieren Sie eine Seite in Ihrem Heft für die Fehler, die Ihnen am häufigsten passieren, und sehen Sie sie am Ende jeder Woche durch.
8. **Suchen Sie sich einen Lernpartner.** Jemand aus Ihrem Kurs oder ein deutscher Tandempartner sorgt für zusätzliche Motivation und gibt Ihnen Gelegenheit, echtes Deutsch zu sprechen.

## Klein anfangen, lange durchhalten

Sie müssen nicht alle 8 Gewohnheiten auf einmal einführen. Wählen Sie die zwei leichtesten, halten Sie sie zwei Wochen lang durch und nehmen Sie erst dann die nächste dazu. Wenn das Lernen ein selbstverständlicher Teil Ihres Alltags geworden ist, kommen die Fortschritte schneller, als Sie denken.

Wenn Sie einen konkreten Lernplan brauchen, der zu Ihrem Zeitplan passt, beraten Sie die Lehrkräfte von Lernhaus jederzeit gern kostenlos.
`;

/* ---------------------------------------------------------------- der, die, das */

const articlesEn = `## Why are articles so hard?

Vietnamese has no grammatical gender, so the fact that every German noun has its own gender – masculine (der), feminine (die) or neuter (das) – is often confusing. A noun's gender frequently has nothing to do with its meaning: das Mädchen (the girl) is neuter. The good news is that there are quite a few rules based on **word endings** that let you guess correctly in most cases.

## Nouns that usually take die

- Ending in **-ung**: die Wohnung, die Zeitung, die Übung
- Ending in **-heit, -keit**: die Freiheit, die Möglichkeit
- Ending in **-schaft**: die Freundschaft, die Mannschaft
- Ending in **-ion, -tät**: die Information, die Universität
- Ending in **-ei**: die Bäckerei, die Polizei

## Nouns that usually take der

- Ending in **-ling**: der Frühling, der Schmetterling
- Ending in **-ismus**: der Tourismus, der Optimismus
- Ending in **-or**: der Motor, der Doktor
- Days of the week, months and seasons: der Montag, der Januar, der Sommer
- Many nouns for people by occupation or for tools, ending in **-er**: der Lehrer, der Computer (but: das Fenster, die Butter)

## Nouns that usually take das

- The diminutive endings **-chen, -lein**: das Mädchen, das Brötchen, das Büchlein
- Ending in **-ment, -um**: das Dokument, das Zentrum, das Museum
- Infinitives used as nouns: das Lernen, das Essen
- Most nouns ending in **-nis**: das Ergebnis, das Zeugnis (but: die Erlaubnis)

## Compound nouns: look at the last word

In a compound noun, the gender is always decided by the **last word**: das Haus + die Tür → die Haustür; die Kinder + der Garten → der Kindergarten.

## Tips for remembering

1. Always learn nouns with their article and plural form, for example: die Wohnung, die Wohnungen.
2. Use colours: blue for der, red for die, green for das. When you review your flashcards, your brain remembers the colour as well.
3. In the plural, every noun takes **die**: die Tische, die Häuser, die Frauen.

Every rule has its exceptions, but once you have mastered the groups above, you will guess the gender of most new nouns correctly. For the rest, be patient and learn each word together with its article.
`;

const articlesDe = `## Warum sind Artikel so schwer?

Das Vietnamesische kennt kein grammatisches Geschlecht. Dass jedes deutsche Nomen ein eigenes Genus hat – maskulin (der), feminin (die) oder neutral (das) –, sorgt deshalb oft für Verwirrung. Häufig hat das Genus nichts mit der Bedeutung zu tun: das Mädchen ist neutral, obwohl es ein weibliches Wesen bezeichnet. Die gute Nachricht: Es gibt eine ganze Reihe von Regeln nach der **Wortendung**, mit denen Sie in den meisten Fällen richtig raten.

## Nomen, die meist mit die stehen

- Endung **-ung**: die Wohnung, die Zeitung, die Übung
- Endung **-heit, -keit**: die Freiheit, die Möglichkeit
- Endung **-schaft**: die Freundschaft, die Mannschaft
- Endung **-ion, -tät**: die Information, die Universität
- Endung **-ei**: die Bäckerei, die Polizei

## Nomen, die meist mit der stehen

- Endung **-ling**: der Frühling, der Schmetterling
- Endung **-ismus**: der Tourismus, der Optimismus
- Endung **-or**: der Motor, der Doktor
- Wochentage, Monate und Jahreszeiten: der Montag, der Januar, der Sommer
- Viele Nomen auf **-er**, die Personen nach ihrem Beruf oder Geräte bezeichnen: der Lehrer, der Computer (aber: das Fenster, die Butter)

## Nomen, die meist mit das stehen

- Die Verkleinerungsendungen **-chen, -lein**: das Mädchen, das Brötchen, das Büchlein
- Endung **-ment, -um**: das Dokument, das Zentrum, das Museum
- Substantivierte Infinitive: das Lernen, das Essen
- Die meisten Nomen auf **-nis**: das Ergebnis, das Zeugnis (aber: die Erlaubnis)

## Zusammengesetzte Nomen: Das letzte Wort entscheidet

Bei zusammengesetzten Nomen bestimmt immer das **letzte Wort** das Genus: das Haus + die Tür → die Haustür; die Kinder + der Garten → der Kindergarten.

## Tipps zum Einprägen

1. Lernen Sie Nomen immer mit Artikel und Pluralform, zum Beispiel: die Wohnung, die Wohnungen.
2. Arbeiten Sie mit Farben: Blau für der, Rot für die, Grün für das. Wenn Sie Ihre Karteikarten wiederholen, merkt sich das Gehirn die Farbe mit.
3. Im Plural stehen alle Nomen mit **die**: die Tische, die Häuser, die Frauen.

Jede Regel hat Ausnahmen. Wenn Sie aber die Gruppen oben sicher beherrschen, erraten Sie das Genus der meisten neuen Nomen richtig. Den Rest lernen Sie geduldig Wort für Wort zusammen mit dem Artikel.
`;

/* ---------------------------------------------------------------- ü, ö and ch */

const pronunciationEn = `## Why do Vietnamese speakers often mispronounce ü, ö and ch?

Vietnamese has a very rich vowel system, but it has no rounded front vowels like ü and ö. And the German ch has two pronunciations, both quite different from the Vietnamese "ch". If you don't practise them from the start, these mistakes easily become habits that are hard to break.

## The ü sound: say "i" with rounded lips

1. Say a long "i" sound.
2. Keep your tongue exactly where it is and slowly round your lips as if saying "u".
3. The sound you hear is ü.

Practise with the words: über, müde, fünf, Tür, Prüfung. Learn to tell apart the pair **Mutter** (mother) and **Mütter** (mothers): a single Umlaut changes the meaning.

## The ö sound: say "e" with rounded lips

It works the same way: say "e" (as in the Vietnamese "ê"), keep your tongue still and round your lips as if saying "o". Practise with: schön, hören, Köln, zwölf, Österreich. A pair to tell apart: **schon** (already) and **schön** (beautiful).

## The letters ch: two different sounds

The **Ach-Laut** comes after a, o, u and au. It is very close to the Vietnamese "kh", so Vietnamese speakers usually pronounce it quite well: Bach, Buch, noch, auch.

The **Ich-Laut** comes after i, e, ä, ö, ü, ei and eu, after the consonants l, n and r, and in the ending -chen. This one is harder: place your tongue as if saying "i", raise it close to the roof of your mouth and gently push the air out, without using your voice. It sounds like a soft hiss – neither "s" nor "kh". Practise with: ich, nicht, Milch, München, Mädchen.

The most common mistake is to pronounce "ich" as "ích" or "is". Try whispering the word "ja" very softly: the breath at the start of it is very close to the Ich-Laut.

## Tips for daily practice

- Record your voice and compare it with the model pronunciation in an online dictionary.
- Practise in front of a mirror to check the shape of your lips when you say ü and ö.
- Read pairs of words aloud, such as Kuchen – Küche, schon – schön, lesen – lösen.
- Don't be afraid to exaggerate your lip movements at first; once you are used to them, the sounds will become more natural.

Good pronunciation makes it easier for Germans to understand you, and it helps you understand them better too. In the A1 classes at Lernhaus, every lesson sets aside time to correct each learner's pronunciation.
`;

const pronunciationDe = `## Warum sprechen viele Vietnamesinnen und Vietnamesen ü, ö und ch falsch aus?

Das Vietnamesische hat ein sehr reiches Vokalsystem, aber keine gerundeten Vorderzungenvokale wie ü und ö. Und das deutsche ch wird auf zwei Arten ausgesprochen, die sich deutlich vom vietnamesischen „ch“ unterscheiden. Wer sie nicht von Anfang an übt, gewöhnt sich diese Fehler leicht an – und wird sie später nur schwer wieder los.

## Der Laut ü: „i“ sagen, aber mit runden Lippen

1. Sprechen Sie ein langes „i“.
2. Lassen Sie die Zunge genau an ihrer Stelle und runden Sie langsam die Lippen wie beim „u“.
3. Der Laut, den Sie jetzt hören, ist das ü.

Üben Sie mit diesen Wörtern: über, müde, fünf, Tür, Prüfung. Achten Sie auf den Unterschied zwischen **Mutter** und **Mütter**: Ein einziger Umlaut verändert die Bedeutung.

## Der Laut ö: „e“ sagen, aber mit runden Lippen

Das funktioniert genauso: Sprechen Sie ein „e“ (wie das vietnamesische „ê“), lassen Sie die Zunge, wo sie ist, und runden Sie die Lippen wie beim „o“. Üben Sie mit: schön, hören, Köln, zwölf, Österreich. Ein Wortpaar zum Unterscheiden: **schon** und **schön**.

## Die Buchstaben ch: zwei verschiedene Laute

Der **Ach-Laut** steht nach a, o, u und au. Er liegt sehr nah am vietnamesischen „kh“, deshalb sprechen ihn Menschen aus Vietnam meist recht gut aus: Bach, Buch, noch, auch.

Der **Ich-Laut** steht nach i, e, ä, ö, ü, ei und eu, nach den Konsonanten l, n und r und in der Endung -chen. Er ist schwieriger: Legen Sie die Zunge wie beim „i“, heben Sie den Zungenrücken nah an den Gaumen und lassen Sie die Luft sanft ausströmen, ohne die Stimme einzusetzen. Es klingt wie ein weiches Zischen – weder „s“ noch „kh“. Üben Sie mit: ich, nicht, Milch, München, Mädchen.

Der häufigste Fehler ist, „ich“ wie „ích“ oder „is“ auszusprechen. Flüstern Sie einmal ganz leise das Wort „ja“: Der Luftstrom am Anfang kommt dem Ich-Laut sehr nahe.

## Tipps für das tägliche Üben

- Nehmen Sie Ihre Stimme auf und vergleichen Sie sie mit der Musteraussprache in einem Online-Wörterbuch.
- Üben Sie vor dem Spiegel, um beim ü und ö die Form Ihrer Lippen zu kontrollieren.
- Lesen Sie Wortpaare laut vor, etwa Kuchen – Küche, schon – schön, lesen – lösen.
- Übertreiben Sie die Lippenbewegungen am Anfang ruhig; wenn Sie sich daran gewöhnt haben, klingen die Laute von selbst natürlicher.

Eine saubere Aussprache hilft Ihren Gesprächspartnern in Deutschland, Sie leichter zu verstehen – und Sie verstehen selbst besser, was Sie hören. In den A1-Kursen von Lernhaus ist in jeder Stunde Zeit eingeplant, um die Aussprache jeder einzelnen Person zu korrigieren.
`;

/* ---------------------------------------------------------------- Goethe B1 */

const goetheB1En = `## An overview of the exam

The Goethe-Zertifikat B1 is taken in **modules**: the four skills Lesen (reading), Hören (listening), Schreiben (writing) and Sprechen (speaking) are marked separately. You need at least 60 out of 100 points in each module. If you fail one skill, you only need to retake that one.

## Lesen – 65 minutes

The reading paper has 5 parts with texts such as blog posts, advertisements, newspaper articles and house rules.

- Read the questions first and underline the key words, and only then read the text.
- Watch out for negative words such as nicht, kein and nie: they are the most common trap.
- Don't spend too long on one difficult question; mark it and come back to it later.

## Hören – about 40 minutes

- Use the time before each recording to read the questions carefully.
- Some parts are played only once, so practise listening to radio and podcasts at real speed instead of just the recordings from your textbook.
- Pay attention to words that signal a change, such as aber, doch and eigentlich: the answer often comes right after them.

## Schreiben – 60 minutes

You have to write three texts: an informal e-mail (about 80 words), an opinion post on an internet forum (about 80 words) and a formal message (about 40 words).

- Answer **every point** the task asks for; a missing point costs you more marks than a small grammar mistake.
- Be clear about how to begin: "Liebe Anna," in an informal letter and "Sehr geehrte Frau Schmidt," in a formal one.
- Learn a few phrases for giving your opinion by heart: "Meiner Meinung nach ...", "Ich bin der Meinung, dass ...", "Einerseits ..., andererseits ...".

## Sprechen – about 15 minutes

The speaking test is taken in pairs and has three parts: planning something together (Gemeinsam etwas planen), presenting a topic (Ein Thema präsentieren) and discussing the presentations and asking questions about them.

- When planning, take the initiative: make suggestions and respond to your partner: "Wie wäre es mit ...?", "Das ist eine gute Idee, aber ...".
- Give your presentation a clear structure: introduce the topic, talk about your own experience and the situation in Vietnam, weigh up the pros and cons with your own opinion, and finish with a conclusion.
- If you don't understand a question, don't stay silent. Say: "Können Sie die Frage bitte wiederholen?"

## A suggested revision plan

In the last 8 weeks before the exam, do at least one complete mock exam a week, timed as in the real exam, and write down your score for each skill. Spend the most time on whichever skill is weakest.
`;

const goetheB1De = `## Die Prüfung im Überblick

Das Goethe-Zertifikat B1 ist **modular** aufgebaut: Die vier Fertigkeiten Lesen, Hören, Schreiben und Sprechen werden getrennt bewertet. In jedem Modul brauchen Sie mindestens 60 von 100 Punkten. Wenn Sie ein Modul nicht bestehen, legen Sie nur dieses eine noch einmal ab.

## Lesen – 65 Minuten

Das Modul Lesen besteht aus 5 Teilen mit Texten wie Blogbeiträgen, Anzeigen, Zeitungsartikeln und Hausordnungen.

- Lesen Sie zuerst die Aufgaben, unterstreichen Sie die Schlüsselwörter und lesen Sie erst danach den Text.
- Vorsicht bei Verneinungen wie nicht, kein und nie: Sie sind die häufigste Falle.
- Halten Sie sich nicht zu lange mit einer schwierigen Aufgabe auf; markieren Sie sie und kommen Sie später darauf zurück.

## Hören – etwa 40 Minuten

- Nutzen Sie die Zeit vor jedem Hörtext, um die Aufgaben genau zu lesen.
- Manche Hörtexte hören Sie nur einmal. Trainieren Sie deshalb mit Radio und Podcasts in echtem Sprechtempo statt nur mit den Hörtexten aus dem Lehrbuch.
- Achten Sie auf Wörter, die eine Wendung anzeigen, etwa aber, doch und eigentlich: Die Lösung folgt oft direkt danach.

## Schreiben – 60 Minuten

Sie schreiben drei Texte: eine persönliche E-Mail (etwa 80 Wörter), einen Diskussionsbeitrag in einem Forum (etwa 80 Wörter) und eine formelle Nachricht (etwa 40 Wörter).

- Gehen Sie auf **alle Inhaltspunkte** der Aufgabe ein; ein fehlender Inhaltspunkt kostet mehr als ein kleiner Grammatikfehler.
- Achten Sie auf die richtige Anrede: „Liebe Anna,“ in einer persönlichen und „Sehr geehrte Frau Schmidt,“ in einer formellen Nachricht.
- Lernen Sie einige Redemittel für Ihre Meinung auswendig: „Meiner Meinung nach …“, „Ich bin der Meinung, dass …“, „Einerseits …, andererseits …“.

## Sprechen – etwa 15 Minuten

Die mündliche Prüfung findet zu zweit statt und hat drei Teile: „Gemeinsam etwas planen“, „Ein Thema präsentieren“ sowie Rückmeldung und Fragen zur Präsentation.

- Beim Planen sollten Sie aktiv Vorschläge machen und auf Ihre Partnerin oder Ihren Partner eingehen: „Wie wäre es mit …?“, „Das ist eine gute Idee, aber …“.
- Geben Sie Ihrer Präsentation eine klare Struktur: Thema vorstellen, eigene Erfahrungen, die Situation in Vietnam, Vor- und Nachteile mit Ihrer eigenen Meinung und ein Schluss.
- Wenn Sie eine Frage nicht verstehen, schweigen Sie nicht, sondern sagen Sie: „Können Sie die Frage bitte wiederholen?“

## Ein Vorschlag für Ihren Lernplan

Machen Sie in den letzten 8 Wochen vor der Prüfung mindestens einmal pro Woche eine vollständige Probeprüfung – mit Zeitlimit wie in der echten Prüfung – und notieren Sie Ihre Punkte in jeder Fertigkeit. Der schwächsten Fertigkeit widmen Sie die meiste Zeit.
`;

/* ---------------------------------------------------------------- du or Sie */

const duSieEn = `## Two ways of saying "you" in German

Vietnamese has a very rich system of forms of address: anh, chị, em, cô, chú, bác... German is simpler, but it has one important dividing line: **du** (informal) and **Sie** (polite, always with a capital S). Getting it wrong can make the other person feel you are being disrespectful – or, on the contrary, too distant.

## When to use Sie

- With strangers and with older people you don't know well.
- At work with your superiors, customers and business partners.
- At public authorities (Behörde), banks, doctors' surgeries and shops.
- With university lecturers and teachers of adult courses, unless they suggest otherwise.

Sie goes together with the person's surname: "Guten Tag, Frau Müller", "Entschuldigung, Herr Wagner". While you are using Sie, don't call the other person by their first name.

## When to use du

- With family, friends and children.
- Among students, in sports clubs and on social media.
- In many start-ups and young workplaces, where everyone says du from day one.

## Who suggests switching to du?

By convention, the older person or the one in the more senior position suggests it first, for example: "Wollen wir uns duzen?" or "Sag ruhig du zu mir." If you are younger or a new employee, wait to be asked rather than switching to du yourself. Moving from Sie to du (duzen) is a sign of closeness; once people are on du terms, hardly anyone ever goes back to Sie.

## Forms of address in e-mails

- Formal: "Sehr geehrte Frau Müller," or "Sehr geehrter Herr Wagner," ending with "Mit freundlichen Grüßen".
- Friendly but still polite: "Liebe Frau Müller," or "Lieber Herr Wagner,".
- Informal: "Liebe Anna," or "Hallo Jonas," ending with "Viele Grüße" or "Liebe Grüße".

## Advice for Vietnamese newcomers to Germany

When in doubt, use Sie. Germans won't take offence because you are too polite, and if they want to, they will suggest du themselves. Beyond forms of address, remember to shake hands when you meet someone for the first time, to look people in the eye when you talk to them, and always to be on time: these count for a great deal in German communication culture.
`;

const duSieDe = `## Zwei Formen der Anrede im Deutschen

Das Vietnamesische kennt sehr viele Anredeformen: anh, chị, em, cô, chú, bác … Das Deutsche ist einfacher, zieht aber eine wichtige Grenze: **du** (vertraut) und **Sie** (höflich, immer großgeschrieben). Wer die falsche Form wählt, wirkt auf sein Gegenüber leicht respektlos – oder im Gegenteil zu distanziert.

## Wann sagt man Sie?

- Zu Fremden und zu älteren Menschen, die man nicht näher kennt.
- Bei der Arbeit zu Vorgesetzten, Kundschaft und Geschäftspartnern.
- Bei Behörden, in der Bank, in der Arztpraxis und im Geschäft.
- Zu Lehrenden an der Universität und zu Lehrkräften in Kursen für Erwachsene, solange sie nichts anderes vorschlagen.

Zum Sie gehört der Nachname: „Guten Tag, Frau Müller“, „Entschuldigung, Herr Wagner“. Solange Sie siezen, sprechen Sie Ihr Gegenüber nicht mit dem Vornamen an.

## Wann sagt man du?

- In der Familie, unter Freunden und zu Kindern.
- Unter Studierenden, im Sportverein und in sozialen Netzwerken.
- In vielen Start-ups und jungen Teams duzen sich alle vom ersten Tag an.

## Wer bietet das Du an?

Üblicherweise bietet die ältere oder ranghöhere Person das Du an, zum Beispiel: „Wollen wir uns duzen?“ oder „Sag ruhig du zu mir.“ Wenn Sie jünger sind oder neu im Unternehmen, warten Sie auf das Angebot, statt selbst zum Du zu wechseln. Der Wechsel vom Sie zum Du (duzen) ist ein Zeichen von Nähe; wer sich einmal duzt, kehrt kaum jemals zum Sie zurück.

## Die Anrede in E-Mails

- Formell: „Sehr geehrte Frau Müller,“ oder „Sehr geehrter Herr Wagner,“ und zum Schluss „Mit freundlichen Grüßen“.
- Freundlich, aber höflich: „Liebe Frau Müller,“ oder „Lieber Herr Wagner,“.
- Vertraut: „Liebe Anna,“ oder „Hallo Jonas,“ und zum Schluss „Viele Grüße“ oder „Liebe Grüße“.

## Ein Rat für alle, die neu aus Vietnam nach Deutschland kommen

Im Zweifel siezen Sie. Niemand in Deutschland nimmt es Ihnen übel, wenn Sie zu höflich sind – und wer möchte, bietet Ihnen das Du von sich aus an. Denken Sie außer an die Anrede auch daran, sich beim ersten Treffen die Hand zu geben, Ihrem Gegenüber im Gespräch in die Augen zu sehen und immer pünktlich zu sein: Das sind große Pluspunkte in der deutschen Gesprächskultur.
`;

/* ---------------------------------------------------------------- vocabulary */

const vocabularyEn = `## Why do we forget what we have learnt?

According to the "forgetting curve" described by the German psychologist Hermann Ebbinghaus, most new information is forgotten within a few days unless it is reviewed. Memorising 50 words in one evening and never looking at them again is the quickest way to forget all 50.

## What is spaced repetition?

Spaced repetition is a method of reviewing a word just when you are about to forget it. The gaps between reviews grow longer each time, for example:

1. Review 1: the very next day.
2. Review 2: after 3 days.
3. Review 3: after 1 week.
4. Review 4: after 2 weeks, then after 1 month.

You can use paper cards (Karteikarten) sorted into several boxes, or flashcard apps such as Anki, which work out the review schedule for you.

## Learn by topic, not from random lists

Vocabulary grouped by topic is easier to remember because the brain links the words to one another in a concrete situation. Take the topic **Housing (Wohnen)**, for example:

- die Miete: the rent
- die Nebenkosten: additional costs such as electricity, water and heating
- die Kaution: the deposit
- der Vermieter: the landlord
- der Mietvertrag: the tenancy agreement

Or the topic **Health (Gesundheit)**:

- der Termin: the appointment
- die Krankenversicherung: health insurance
- das Rezept: the prescription
- die Apotheke: the pharmacy

## What makes a good vocabulary card?

- Front: the German word with its article and plural, for example "die Wohnung, die Wohnungen".
- Back: the meaning in your own language and **an example sentence you have made up yourself**: "Ich suche eine Wohnung in Berlin."
- For verbs, add the past forms as well: "fahren – fuhr – ist gefahren".

## How many words a day is enough?

If you work, 10 to 15 new words a day is a reasonable number. More important than the number is reviewing on schedule and using the new words in your own spoken and written sentences. After three months of keeping at it, you will know around 1,000 words – enough for most everyday situations.
`;

const vocabularyDe = `## Warum vergessen wir Gelerntes so schnell?

Nach der „Vergessenskurve“, die der deutsche Psychologe Hermann Ebbinghaus beschrieben hat, ist der größte Teil neuer Informationen schon nach wenigen Tagen vergessen, wenn man ihn nicht wiederholt. 50 Wörter an einem Abend auswendig lernen und dann nie wieder ansehen – so vergisst man am schnellsten alle 50.

## Was ist verteiltes Wiederholen?

Beim verteilten Wiederholen (Spaced Repetition) wiederholen Sie ein Wort genau dann, wenn Sie kurz davor sind, es zu vergessen. Die Abstände zwischen den Wiederholungen werden immer größer, zum Beispiel:

1. Erste Wiederholung: gleich am nächsten Tag.
2. Zweite Wiederholung: nach 3 Tagen.
3. Dritte Wiederholung: nach 1 Woche.
4. Vierte Wiederholung: nach 2 Wochen, dann nach 1 Monat.

Sie können Karteikarten aus Papier verwenden und auf mehrere Fächer verteilen, oder Karteikarten-Apps wie Anki, die den Wiederholungsplan für Sie berechnen.

## Nach Themen lernen statt mit ungeordneten Listen

Wortschatz, der nach Themen geordnet ist, bleibt besser im Gedächtnis, weil das Gehirn die Wörter in einer konkreten Situation miteinander verknüpft. Ein Beispiel zum Thema **Wohnen**:

- die Miete: der Betrag, den man jeden Monat für die Wohnung zahlt
- die Nebenkosten: zusätzliche Kosten wie Strom, Wasser und Heizung
- die Kaution: die Sicherheit, die man beim Einzug hinterlegt
- der Vermieter: der Eigentümer, der die Wohnung vermietet
- der Mietvertrag: der Vertrag zwischen Mieter und Vermieter

Oder zum Thema **Gesundheit**:

- der Termin: die Verabredung, zum Beispiel in der Arztpraxis
- die Krankenversicherung: die Versicherung, die die Kosten für Arzt und Krankenhaus übernimmt
- das Rezept: die ärztliche Verordnung für ein Medikament
- die Apotheke: das Geschäft, in dem man Medikamente bekommt

## Was gehört auf eine gute Vokabelkarte?

- Vorderseite: das deutsche Wort mit Artikel und Plural, zum Beispiel „die Wohnung, die Wohnungen“.
- Rückseite: die Bedeutung in Ihrer Muttersprache und **ein Beispielsatz, den Sie selbst gebildet haben**: „Ich suche eine Wohnung in Berlin.“
- Bei Verben notieren Sie zusätzlich die Vergangenheitsformen: „fahren – fuhr – ist gefahren“.

## Wie viele Wörter am Tag sind genug?

Für Berufstätige sind 10 bis 15 neue Wörter am Tag ein vernünftiges Maß. Wichtiger als die Menge ist es, pünktlich nach Plan zu wiederholen und die neuen Wörter in eigenen Sätzen zu sprechen und zu schreiben. Wenn Sie drei Monate dranbleiben, kennen Sie etwa 1.000 Wörter – genug für die meisten Situationen im Alltag.
`;

/* ---------------------------------------------------------------- success story */

const successEn = `## A decision at 27

When she started at Lernhaus in September 2024, Hoàng Minh Anh was working as an accountant for a trading company in Hanoi. She had never learnt any German and had just one clear goal: to go to Germany for an Ausbildung as a hotel specialist (Hotelfachfrau).

"At first I was really worried, because I'd been working for years and was no longer used to sitting down to study. But I knew that if I didn't start now, I never would," she says.

## Her learning path

- **Months 1 to 3:** an evening A1 class, three times a week. She focused on pronunciation and learnt every new noun with its article right from the start.
- **Months 4 to 6:** the A2 class. She began keeping a diary in German and had her teacher correct it every week.
- **Months 7 to 10:** the B1 class and exam practice. Every weekend she did a complete mock exam and practised speaking in pairs with a classmate.

## The difficulties

The biggest difficulty was time. She got up 45 minutes earlier every day to review vocabulary with a flashcard app, and listened to podcasts on her way to work. Listening was her weakest skill: in her first mock exam she scored only 48 points in Hören.

"My teacher told me to stop pausing to look up every single word. I practised listening for the main ideas, listened to Deutsche Welle's slow news every day, and after two months my listening score was over 70."

## The result

In June 2025, Minh Anh sat the Goethe-Zertifikat B1 and passed all four skills: Lesen 85, Hören 76, Schreiben 72 and Sprechen 81 points. Soon afterwards she was offered an Ausbildung contract with a hotel in Munich, starting in September. She is now finishing her visa application.

## Minh Anh's advice

1. Set a concrete goal and write it down.
2. Study regularly every day, even if it's only 30 minutes.
3. Don't be afraid of making mistakes: the sooner you make them, the sooner you can correct them.
4. Do mock exams under real exam conditions.

"If I could do it, so can you. The most important thing is not to give up halfway."
`;

const successDe = `## Eine Entscheidung mit 27

Als Hoàng Minh Anh im September 2024 bei Lernhaus anfing, arbeitete sie als Buchhalterin bei einem Handelsunternehmen in Hanoi. Sie hatte noch nie Deutsch gelernt, hatte aber ein klares Ziel: eine Ausbildung zur Hotelfachfrau in Deutschland.

„Am Anfang hatte ich große Sorgen, weil ich schon viele Jahre berufstätig war und es gar nicht mehr gewohnt war, mich zum Lernen hinzusetzen. Aber ich wusste: Wenn ich jetzt nicht anfange, fange ich nie an“, erzählt sie.

## Ihr Lernweg

- **Monat 1 bis 3:** ein A1-Abendkurs, dreimal pro Woche. Sie konzentrierte sich auf die Aussprache und lernte von Anfang an jedes Nomen mit Artikel.
- **Monat 4 bis 6:** der A2-Kurs. Sie begann, auf Deutsch Tagebuch zu schreiben, und ließ es jede Woche von ihrer Lehrkraft korrigieren.
- **Monat 7 bis 10:** der B1-Kurs und Prüfungstraining. An jedem Wochenende legte sie eine vollständige Probeprüfung ab und übte mit einer Kurskollegin das Sprechen zu zweit.

## Die Schwierigkeiten

Die größte Schwierigkeit war die Zeit. Sie stand jeden Tag 45 Minuten früher auf, um mit einer Karteikarten-App Vokabeln zu wiederholen, und hörte auf dem Weg zur Arbeit Podcasts. Hören war ihre schwächste Fertigkeit: In der ersten Probeprüfung erreichte sie im Teil Hören nur 48 Punkte.

„Mein Lehrer hat mir geraten, nicht mehr bei jedem Wort anzuhalten und es nachzuschlagen. Ich habe geübt, auf die Hauptaussagen zu hören, jeden Tag die langsam gesprochenen Nachrichten der Deutschen Welle gehört – und nach zwei Monaten lag ich im Hören bei über 70 Punkten.“

## Das Ergebnis

Im Juni 2025 legte Minh Anh das Goethe-Zertifikat B1 ab und bestand alle vier Module: Lesen 85, Hören 76, Schreiben 72 und Sprechen 81 Punkte. Kurz darauf bekam sie einen Ausbildungsvertrag bei einem Hotel in München; die Ausbildung beginnt im September. Zurzeit stellt sie ihre Unterlagen für das Visum fertig.

## Minh Anhs Tipps

1. Ein konkretes Ziel setzen und es aufschreiben.
2. Jeden Tag regelmäßig lernen, auch wenn es nur 30 Minuten sind.
3. Keine Angst vor Fehlern haben: Je früher man sie macht, desto früher kann man sie korrigieren.
4. Probeprüfungen unter echten Prüfungsbedingungen schreiben.

„Wenn ich das geschafft habe, schafft ihr das auch. Das Wichtigste ist, nicht auf halbem Weg aufzugeben.“
`;

/* ---------------------------------------------------------------- Ausbildung */

const ausbildungEn = `## What is an Ausbildung?

An Ausbildung is Germany's dual vocational training programme and usually lasts between 2 and 3.5 years. Trainees learn the theory at a vocational school (Berufsschule) and gain hands-on experience at a company, and they **receive a monthly wage** throughout their training. Fields popular with Vietnamese trainees include nursing (Pflege), hotels and restaurants, cooking, mechatronics and retail.

## Basic requirements

- A high-school diploma; some technical fields prefer applicants with good grades in the sciences.
- German at level **B1** or higher, shown by a Goethe, telc or ÖSD certificate. Some companies and nursing programmes may require B2.
- A training contract (Ausbildungsvertrag) signed with a company in Germany.
- Proof of financial means: if your training wage is below the official living-cost threshold, you need to make up the difference with a blocked account (Sperrkonto) or a formal guarantee.

## Steps to prepare

1. **Learn German up to B1 or B2.** This is the step that takes the longest – usually 8 to 12 months if you study seriously from scratch.
2. **Prepare your personal documents:** passport, high-school diploma and transcripts, German certificate, CV (Lebenslauf) and cover letter (Motivationsschreiben) in German. Vietnamese documents need certified translations.
3. **Apply and interview** with German companies, usually by video call. Prepare your answers about yourself, why you chose the profession and your plans for the future.
4. **Sign the Ausbildung contract.** The company usually needs approval from the Federal Employment Agency (Bundesagentur für Arbeit).
5. **Apply for your visa** at the German Embassy in Hanoi or the German Consulate General in Ho Chi Minh City. Book your appointment early, as the waiting time can be several months.
6. **Get ready to fly:** buy health insurance, find somewhere to live, and register your address (Anmeldung) within two weeks of arriving in Germany.

## Training wages

The Ausbildung wage depends on the field, the company and the year of training. It usually ranges from about 700 to more than 1,300 euros a month before tax and rises each year. Nursing is one of the better-paid fields.

## Important note

The rules on visas and proof of financial means can change. Before you submit your application, check the latest list of required documents on the German Embassy's website. Be wary of services that promise a "guaranteed visa" or charge unusually high fees.

At Lernhaus, the Ausbildung-focused B1 class includes extra sessions with native-speaker teachers on interview practice and on writing your Lebenslauf and Motivationsschreiben.
`;

const ausbildungDe = `## Was ist eine Ausbildung?

Die Ausbildung ist die duale Berufsausbildung in Deutschland und dauert meist 2 bis 3,5 Jahre. Die Auszubildenden lernen die Theorie in der Berufsschule, arbeiten praktisch in einem Betrieb und **erhalten während der gesamten Ausbildung eine monatliche Vergütung**. Besonders beliebt bei Menschen aus Vietnam sind die Pflege, Hotellerie und Gastronomie, die Küche, die Mechatronik und der Einzelhandel.

## Die wichtigsten Voraussetzungen

- Ein Abschluss der Oberschule (12. Klasse); in manchen technischen Berufen werden gute Noten in den naturwissenschaftlichen Fächern bevorzugt.
- Deutschkenntnisse mindestens auf Niveau **B1**, nachgewiesen durch ein Zertifikat von Goethe, telc oder ÖSD. Manche Betriebe und die Pflege verlangen unter Umständen B2.
- Ein Ausbildungsvertrag mit einem Betrieb in Deutschland.
- Ein Finanzierungsnachweis: Liegt die Ausbildungsvergütung unter dem vorgeschriebenen Bedarf für den Lebensunterhalt, müssen Sie die Differenz mit einem Sperrkonto oder einer Verpflichtungserklärung abdecken.

## Die Vorbereitung Schritt für Schritt

1. **Deutsch bis B1 oder B2 lernen.** Dieser Schritt dauert am längsten – meist 8 bis 12 Monate, wenn Sie von Anfang an ernsthaft lernen.
2. **Persönliche Unterlagen vorbereiten:** Reisepass, Schulabschlusszeugnis und Notenübersichten, Deutschzertifikat, Lebenslauf und Motivationsschreiben auf Deutsch. Vietnamesische Dokumente brauchen eine beglaubigte Übersetzung.
3. **Bewerben und Vorstellungsgespräche führen** – mit deutschen Betrieben meist per Videoanruf. Bereiten Sie Ihre Antworten zu Ihrer Person, zu Ihrer Berufswahl und zu Ihren Zukunftsplänen vor.
4. **Den Ausbildungsvertrag unterschreiben.** Der Betrieb braucht meist die Zustimmung der Bundesagentur für Arbeit.
5. **Das Visum beantragen** – bei der Deutschen Botschaft in Hanoi oder beim Deutschen Generalkonsulat in Ho-Chi-Minh-Stadt. Buchen Sie Ihren Termin früh, denn die Wartezeit kann mehrere Monate betragen.
6. **Vor dem Abflug:** eine Krankenversicherung abschließen, eine Unterkunft suchen und sich innerhalb von zwei Wochen nach der Ankunft in Deutschland anmelden (Anmeldung beim Bürgeramt).

## Die Ausbildungsvergütung

Die Vergütung hängt vom Beruf, vom Betrieb und vom Ausbildungsjahr ab. Sie liegt meist zwischen etwa 700 und über 1.300 Euro brutto im Monat und steigt von Jahr zu Jahr. Die Pflege gehört zu den besser bezahlten Berufen.

## Wichtiger Hinweis

Die Regeln für Visum und Finanzierungsnachweis können sich ändern. Prüfen Sie vor der Antragstellung die aktuelle Liste der erforderlichen Unterlagen auf der Website der Deutschen Botschaft. Seien Sie vorsichtig bei Anbietern, die ein „garantiertes Visum“ versprechen oder ungewöhnlich hohe Gebühren verlangen.

Im B1-Kurs mit Schwerpunkt Ausbildung bietet Lernhaus zusätzliche Termine mit muttersprachlichen Lehrkräften an, in denen Sie Vorstellungsgespräche üben und Ihren Lebenslauf und Ihr Motivationsschreiben verfassen.
`;

/* ---------------------------------------------------------------- Goethe or telc B2 */

const goetheTelcEn = `## Two certificates, one level

Both the Goethe-Zertifikat B2 and telc Deutsch B2 are based on the Common European Framework of Reference and are accepted by many universities, employers and public authorities in Germany. Even so, the two exams differ in important ways in their structure and marking.

## Goethe-Zertifikat B2

- Taken in **modules**: Lesen, Hören, Schreiben and Sprechen are marked and certified separately.
- You need at least 60 out of 100 points in each module.
- If you fail one skill, you only need to retake that one.
- The Schreiben paper consists of an opinion post on a forum and a formal message or e-mail.

## telc Deutsch B2

- The written exam consists of Leseverstehen, **Sprachbausteine** (grammar and vocabulary exercises), Hörverstehen and Schriftlicher Ausdruck.
- Scores are counted in two blocks: the written exam and the oral exam. You need at least 60% in each block.
- A weak skill can be made up for by a stronger one within the written block.
- The Sprachbausteine section is an advantage for learners with a solid command of grammar.

## Which exam should you choose?

1. **Check what the institution you are applying to requires.** Some universities, employers and authorities only accept one particular certificate. This always comes first.
2. **If your skills are uneven** – for example, strong reading but weak listening – telc may suit you better, because the points are added up across the written exam.
3. **If you want to take the exam in parts**, or have already passed some skills and only need to retake the rest, Goethe is more flexible.
4. **Exam dates and locations:** the Goethe-Institut holds exams in Hanoi and Ho Chi Minh City, while telc exams take place at licensed exam centres. Register early, as places often fill up very quickly.

## How to prepare effectively

Whichever exam you choose, at B2 level you need to read newspapers, listen to the news and practise writing argumentative texts regularly. Work through the official sample papers on the Goethe-Institut and telc websites to get to know the exam format at least two months before the exam.
`;

const goetheTelcDe = `## Zwei Zertifikate, ein Niveau

Das Goethe-Zertifikat B2 und telc Deutsch B2 beruhen beide auf dem Gemeinsamen Europäischen Referenzrahmen und werden von vielen Hochschulen, Unternehmen und Behörden in Deutschland anerkannt. Trotzdem unterscheiden sich die beiden Prüfungen in Aufbau und Bewertung in wichtigen Punkten.

## Goethe-Zertifikat B2

- **Modular** aufgebaut: Lesen, Hören, Schreiben und Sprechen werden getrennt bewertet und bescheinigt.
- In jedem Modul brauchen Sie mindestens 60 von 100 Punkten.
- Wenn Sie ein Modul nicht bestehen, legen Sie nur dieses eine noch einmal ab.
- Im Modul Schreiben verfassen Sie einen Diskussionsbeitrag in einem Forum und eine formelle Nachricht oder E-Mail.

## telc Deutsch B2

- Die schriftliche Prüfung besteht aus Leseverstehen, **Sprachbausteinen** (Aufgaben zu Grammatik und Wortschatz), Hörverstehen und Schriftlichem Ausdruck.
- Bewertet wird in zwei Teilen: schriftliche und mündliche Prüfung. In beiden Teilen brauchen Sie mindestens 60 %.
- Eine schwächere Fertigkeit lässt sich innerhalb der schriftlichen Prüfung durch eine stärkere ausgleichen.
- Die Sprachbausteine sind ein Vorteil für alle, die in der Grammatik sicher sind.

## Welche Prüfung ist die richtige?

1. **Prüfen Sie die Anforderungen der Stelle, bei der Sie sich bewerben.** Manche Hochschulen, Unternehmen oder Behörden erkennen nur ein bestimmtes Zertifikat an. Das ist immer das erste Kriterium.
2. **Wenn Ihre Fertigkeiten unterschiedlich stark sind** – Sie lesen zum Beispiel gut, hören aber schwächer –, passt telc vielleicht besser, weil die Punkte in der schriftlichen Prüfung zusammengezählt werden.
3. **Wenn Sie die Prüfung in Teilen ablegen möchten** oder einige Module schon bestanden haben und nur den Rest wiederholen müssen, ist Goethe flexibler.
4. **Termine und Prüfungsorte:** Das Goethe-Institut prüft in Hanoi und Ho-Chi-Minh-Stadt, telc-Prüfungen finden in lizenzierten Prüfungszentren statt. Melden Sie sich früh an, denn die Plätze sind oft sehr schnell vergeben.

## So bereiten Sie sich wirkungsvoll vor

Für welche Prüfung Sie sich auch entscheiden: Auf B2-Niveau sollten Sie regelmäßig Zeitung lesen, Nachrichten hören und das Schreiben argumentativer Texte üben. Bearbeiten Sie mindestens zwei Monate vor dem Prüfungstermin die offiziellen Modellsätze auf den Websites des Goethe-Instituts und von telc, um sich mit dem Prüfungsformat vertraut zu machen.
`;

/* ---------------------------------------------------------------- the four cases */

const casesEn = `## What is a case (Kasus)?

In German, the role a noun plays in a sentence is shown by its **case** (Kasus). When the case changes, the articles, pronouns and adjective endings that go with the noun change too. German has four cases: Nominativ, Akkusativ, Dativ and Genitiv.

## Nominativ: the subject

The Nominativ answers the question "Wer oder was?" (who or what?) and is the form you find in the dictionary.

- **Der Lehrer** erklärt die Grammatik.
- **Die Stadt** ist sehr schön.

## Akkusativ: the direct object

The Akkusativ answers the question "Wen oder was?" (whom or what?). The good news is that only the masculine article changes: der becomes den, ein becomes einen.

- Ich kaufe **den Tisch**.
- Ich habe **einen Bruder**.

Some prepositions always take the Akkusativ: durch, für, gegen, ohne, um.

## Dativ: the indirect object

The Dativ answers the question "Wem?" (to whom?) and usually refers to the person receiving something. The articles change like this: der becomes dem, die becomes der, das becomes dem; in the plural die becomes den, and the noun usually adds the ending -n.

- Ich gebe **dem Kind** ein Buch.
- Ich helfe **meiner Mutter**.

These prepositions always take the Dativ: aus, bei, mit, nach, seit, von, zu. Some common verbs also take the Dativ, such as helfen, danken, gefallen and gehören.

## Genitiv: possession

The Genitiv answers the question "Wessen?" (whose?) and shows possession: das Auto **des Vaters**, die Tasche **der Frau**. In everyday speech, Germans often replace the Genitiv with von plus the Dativ: das Auto von meinem Vater.

## Tips for learning the four cases

1. Learn the table of articles column by column and read it aloud every day until you know it like a song.
2. When you learn a new verb, note the case it takes: helfen + Dativ, fragen + Akkusativ.
3. Make up sentences about familiar situations, for example: "Ich schenke meiner Schwester einen Kalender."
4. When you read a short text, underline each noun and work out which case it is in.
`;

const casesDe = `## Was ist ein Kasus?

Im Deutschen zeigt der **Kasus** (Fall), welche Rolle ein Nomen im Satz spielt. Ändert sich der Kasus, ändern sich auch die Artikel, Pronomen und Adjektivendungen, die zum Nomen gehören. Das Deutsche hat vier Kasus: Nominativ, Akkusativ, Dativ und Genitiv.

## Nominativ: das Subjekt

Der Nominativ antwortet auf die Frage „Wer oder was?“ und ist die Form, die im Wörterbuch steht.

- **Der Lehrer** erklärt die Grammatik.
- **Die Stadt** ist sehr schön.

## Akkusativ: das direkte Objekt

Der Akkusativ antwortet auf die Frage „Wen oder was?“ – und die gute Nachricht: Nur der maskuline Artikel ändert sich, aus der wird den, aus ein wird einen.

- Ich kaufe **den Tisch**.
- Ich habe **einen Bruder**.

Einige Präpositionen stehen immer mit dem Akkusativ: durch, für, gegen, ohne, um.

## Dativ: das indirekte Objekt

Der Dativ antwortet auf die Frage „Wem?“ und bezeichnet meist die Person, die etwas bekommt. Die Artikel ändern sich so: Aus der wird dem, aus die wird der, aus das wird dem; im Plural wird aus die den, und das Nomen bekommt meist die Endung -n.

- Ich gebe **dem Kind** ein Buch.
- Ich helfe **meiner Mutter**.

Diese Präpositionen stehen immer mit dem Dativ: aus, bei, mit, nach, seit, von, zu. Auch einige häufige Verben verlangen den Dativ, etwa helfen, danken, gefallen und gehören.

## Genitiv: der Besitz

Der Genitiv antwortet auf die Frage „Wessen?“ und drückt Besitz aus: das Auto **des Vaters**, die Tasche **der Frau**. In der gesprochenen Alltagssprache ersetzen viele den Genitiv durch von mit Dativ: das Auto von meinem Vater.

## Tipps zum Lernen der vier Fälle

1. Lernen Sie die Artikeltabelle Spalte für Spalte und lesen Sie sie jeden Tag laut vor, bis Sie sie auswendig können wie ein Lied.
2. Notieren Sie bei jedem neuen Verb gleich den Kasus dazu: helfen + Dativ, fragen + Akkusativ.
3. Bilden Sie eigene Sätze aus vertrauten Situationen, zum Beispiel: „Ich schenke meiner Schwester einen Kalender.“
4. Unterstreichen Sie beim Lesen eines kurzen Textes jedes Nomen und bestimmen Sie, in welchem Kasus es steht.
`;

/* ---------------------------------------------------------------- the posts */

export const postTranslations = {
  "8-thoi-quen-giup-ban-hoc-tieng-duc-deu-dan-moi-ngay": {
    en: {
      title: "8 habits to help you study German every day",
      slug: "8-habits-to-help-you-study-german-every-day",
      excerpt:
        "Learning a language doesn't take long study sessions; it takes regularity. Here are 8 small habits that keep your German going every day, even when you are busy.",
      content: habitsEn,
      tags: ["study tips", "self-study", "habits", "beginners"],
    },
    de: {
      title: "8 Gewohnheiten, die Ihnen helfen, jeden Tag Deutsch zu lernen",
      slug: "8-gewohnheiten-die-ihnen-helfen-jeden-tag-deutsch-zu-lernen",
      excerpt:
        "Eine Sprache lernt man nicht mit möglichst langen Lerneinheiten, sondern mit Regelmäßigkeit. Diese 8 kleinen Gewohnheiten helfen Ihnen, jeden Tag am Deutschen dranzubleiben – auch wenn Sie viel zu tun haben.",
      content: habitsDe,
      tags: ["Lerntipps", "Selbststudium", "Gewohnheiten", "Anfänger"],
    },
  },
  "quy-tac-nhan-biet-der-die-das-trong-tieng-duc": {
    en: {
      title: "Rules for telling der, die and das apart in German",
      slug: "rules-for-telling-der-die-and-das-apart-in-german",
      excerpt:
        "The articles der, die and das are the bane of many German learners. This article brings together the rules based on word endings that help you guess a noun's gender correctly in most cases.",
      content: articlesEn,
      tags: ["grammar", "articles", "Artikel", "A1"],
    },
    de: {
      title: "Regeln für der, die, das: So erkennen Sie das Genus deutscher Nomen",
      slug: "regeln-fuer-der-die-das-so-erkennen-sie-das-genus-deutscher-nomen",
      excerpt:
        "Die Artikel der, die und das bereiten vielen Deutschlernenden Kopfzerbrechen. Dieser Beitrag fasst die Regeln nach der Wortendung zusammen, mit denen Sie das Genus eines Nomens in den meisten Fällen richtig erraten.",
      content: articlesDe,
      tags: ["Grammatik", "Artikel", "Genus", "A1"],
    },
  },
  "cach-phat-am-u-o-va-ch-chuan-cho-nguoi-viet": {
    en: {
      title: "How to pronounce ü, ö and ch correctly: a guide for Vietnamese speakers",
      slug: "how-to-pronounce-u-o-and-ch-correctly-a-guide-for-vietnamese-speakers",
      excerpt:
        "Ü, ö and ch are the hardest sounds for Vietnamese speakers because Vietnamese has no equivalent. A step-by-step guide to the right mouth position, with exercises to improve your pronunciation.",
      content: pronunciationEn,
      tags: ["pronunciation", "Umlaut", "ich-Laut", "A1"],
    },
    de: {
      title: "Ü, ö und ch richtig aussprechen: ein Leitfaden für Lernende aus Vietnam",
      slug: "ue-oe-und-ch-richtig-aussprechen-ein-leitfaden-fuer-lernende-aus-vietnam",
      excerpt:
        "Ü, ö und ch sind für Menschen aus Vietnam die schwierigsten Laute, weil es im Vietnamesischen keine Entsprechung gibt. Eine Schritt-für-Schritt-Anleitung zur richtigen Mundstellung mit Übungen für eine bessere Aussprache.",
      content: pronunciationDe,
      tags: ["Aussprache", "Umlaut", "Ich-Laut", "A1"],
    },
  },
  "kinh-nghiem-thi-b1-goethe-chien-luoc-cho-tung-ky-nang": {
    en: {
      title: "Passing the Goethe B1 exam: a strategy for each skill",
      slug: "passing-the-goethe-b1-exam-a-strategy-for-each-skill",
      excerpt:
        "The Goethe-Zertifikat B1 covers four skills: Lesen, Hören, Schreiben and Sprechen. This article explains the structure of the exam and a strategy for each part, so you can walk into the exam room with confidence.",
      content: goetheB1En,
      tags: ["Goethe B1", "exam preparation", "exam tips", "B1"],
    },
    de: {
      title: "Goethe-Zertifikat B1: Strategien für jede Fertigkeit",
      slug: "goethe-zertifikat-b1-strategien-fuer-jede-fertigkeit",
      excerpt:
        "Das Goethe-Zertifikat B1 prüft vier Fertigkeiten: Lesen, Hören, Schreiben und Sprechen. Dieser Beitrag erklärt den Aufbau der Prüfung und eine Strategie für jeden Teil, damit Sie selbstbewusst in die Prüfung gehen.",
      content: goetheB1De,
      tags: ["Goethe B1", "Prüfungsvorbereitung", "Prüfungstipps", "B1"],
    },
  },
  "du-hay-sie-cach-xung-ho-dung-muc-voi-nguoi-duc": {
    en: {
      title: "Du or Sie? How to address people in Germany properly",
      slug: "du-or-sie-how-to-address-people-in-germany-properly",
      excerpt:
        "Should you call your boss du or Sie? When can you switch to du? The basic rules of address that help you communicate confidently at school, at work and in everyday life in Germany.",
      content: duSieEn,
      tags: ["German culture", "communication", "du and Sie"],
    },
    de: {
      title: "Du oder Sie? So sprechen Sie Menschen in Deutschland richtig an",
      slug: "du-oder-sie-so-sprechen-sie-menschen-in-deutschland-richtig-an",
      excerpt:
        "Sagt man zur Chefin du oder Sie? Wann darf man zum Du wechseln? Die wichtigsten Regeln der Anrede, mit denen Sie sich in der Schule, im Beruf und im Alltag in Deutschland sicher verständigen.",
      content: duSieDe,
      tags: ["deutsche Kultur", "Kommunikation", "du und Sie"],
    },
  },
  "hoc-tu-vung-tieng-duc-theo-chu-de-voi-phuong-phap-lap-lai-ngat-quang": {
    en: {
      title: "Learning German vocabulary by topic with spaced repetition",
      slug: "learning-german-vocabulary-by-topic-with-spaced-repetition",
      excerpt:
        "Forgetting words as fast as you learn them is a problem for a great many learners. Combining topic-based learning with spaced repetition helps you remember vocabulary for longer without spending any extra time.",
      content: vocabularyEn,
      tags: ["vocabulary", "flashcards", "learning methods"],
    },
    de: {
      title: "Deutschen Wortschatz nach Themen lernen – mit verteiltem Wiederholen",
      slug: "deutschen-wortschatz-nach-themen-lernen-mit-verteiltem-wiederholen",
      excerpt:
        "Heute gelernt, morgen vergessen – dieses Problem kennen sehr viele Lernende. Wenn Sie nach Themen lernen und dabei verteilt wiederholen, behalten Sie Vokabeln länger, ohne mehr Zeit zu investieren.",
      content: vocabularyDe,
      tags: ["Wortschatz", "Karteikarten", "Lernmethoden"],
    },
  },
  "tu-con-so-0-den-b1-trong-10-thang-cau-chuyen-cua-chi-minh-anh": {
    en: {
      title: "From zero to B1 in 10 months: Minh Anh's story",
      slug: "from-zero-to-b1-in-10-months-minh-anhs-story",
      excerpt:
        "While working full time as an accountant, Hoàng Minh Anh passed the Goethe-Zertifikat B1 after 10 months and has been offered an Ausbildung contract in hospitality in Munich.",
      content: successEn,
      tags: ["success stories", "Goethe B1", "Ausbildung", "learners"],
    },
    de: {
      title: "In 10 Monaten von null auf B1: die Geschichte von Minh Anh",
      slug: "in-10-monaten-von-null-auf-b1-die-geschichte-von-minh-anh",
      excerpt:
        "Neben ihrer Vollzeitstelle als Buchhalterin hat Hoàng Minh Anh das Goethe-Zertifikat B1 in 10 Monaten bestanden und einen Ausbildungsvertrag im Hotelfach in München erhalten.",
      content: successDe,
      tags: ["Erfolgsgeschichten", "Goethe B1", "Ausbildung", "Lernende"],
    },
  },
  "du-hoc-nghe-ausbildung-tai-duc-dieu-kien-va-cac-buoc-xin-visa": {
    en: {
      title: "Vocational training (Ausbildung) in Germany: requirements and visa steps",
      slug: "vocational-training-ausbildung-in-germany-requirements-and-visa-steps",
      excerpt:
        "Ausbildung, a way to earn while you learn, is the path many young Vietnamese people choose. This article sums up the requirements and every step of the preparation, from learning German to receiving your visa.",
      content: ausbildungEn,
      tags: ["Ausbildung", "vocational training", "German visa", "studying in Germany"],
    },
    de: {
      title: "Ausbildung in Deutschland: Voraussetzungen und Schritte zum Visum",
      slug: "ausbildung-in-deutschland-voraussetzungen-und-schritte-zum-visum",
      excerpt:
        "Die Ausbildung verbindet Lernen und Arbeiten und ist für viele junge Menschen aus Vietnam der Weg nach Deutschland. Dieser Beitrag fasst die Voraussetzungen und alle Schritte der Vorbereitung zusammen – vom Deutschlernen bis zum Visum.",
      content: ausbildungDe,
      tags: ["Ausbildung", "Berufsausbildung", "Visum", "Deutschland"],
    },
  },
  "nen-thi-goethe-hay-telc-b2-so-sanh-hai-ky-thi-pho-bien": {
    en: {
      title: "Goethe or telc B2? Comparing two popular exams",
      slug: "goethe-or-telc-b2-comparing-two-popular-exams",
      excerpt:
        "The Goethe-Zertifikat B2 and telc Deutsch B2 are both widely recognised in Germany. So where do they differ, and which exam suits your goals?",
      content: goetheTelcEn,
      tags: ["Goethe B2", "telc B2", "exam preparation", "German certificates"],
    },
    de: {
      title: "Goethe oder telc B2? Zwei beliebte Prüfungen im Vergleich",
      slug: "goethe-oder-telc-b2-zwei-beliebte-pruefungen-im-vergleich",
      excerpt:
        "Das Goethe-Zertifikat B2 und telc Deutsch B2 sind in Deutschland beide weithin anerkannt. Worin unterscheiden sie sich, und welche Prüfung passt zu Ihrem Ziel?",
      content: goetheTelcDe,
      tags: ["Goethe B2", "telc B2", "Prüfungsvorbereitung", "Deutschzertifikate"],
    },
  },
  "bon-cach-trong-tieng-duc-nominativ-akkusativ-dativ-va-genitiv": {
    en: {
      title: "The four German cases: Nominativ, Akkusativ, Dativ and Genitiv",
      slug: "the-four-german-cases-nominativ-akkusativ-dativ-and-genitiv",
      excerpt:
        "Why does der sometimes become den and sometimes dem? This article explains the four German cases with simple examples and tips for memorising the table of articles.",
      content: casesEn,
      tags: ["grammar", "Kasus", "A2"],
    },
    de: {
      title: "Die vier Fälle im Deutschen: Nominativ, Akkusativ, Dativ und Genitiv",
      slug: "die-vier-faelle-im-deutschen-nominativ-akkusativ-dativ-und-genitiv",
      excerpt:
        "Warum wird aus der mal den und mal dem? Dieser Beitrag erklärt die vier Fälle im Deutschen mit einfachen Beispielen und gibt Tipps, wie Sie sich die Artikeltabelle einprägen.",
      content: casesDe,
      tags: ["Grammatik", "Kasus", "A2"],
    },
  },
} satisfies Record<string, PostTranslations>;
