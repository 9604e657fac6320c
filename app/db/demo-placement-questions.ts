// Demo question bank for the free placement test ("Kiểm tra trình độ tiếng Đức miễn phí"), shipped
// with a new installation so the test works before an administrator has written questions of their
// own. Written for this school (original questions, not taken from any published exam): levels
// A1–B2 of the CEFR, mixed skills (grammar, vocabulary, reading), A1 first. Pure data.

import type { PlacementKind, PlacementLevel, PlacementSkill } from "~/lib/placement-test";

export interface DemoPlacementQuestion {
  level: PlacementLevel;
  skill: PlacementSkill;
  /** "choice": pick one of `options`; "cloze": type the missing word. */
  kind: PlacementKind;
  /** The question in German. A cloze has exactly one gap, written "___" (three underscores). A
   * reading question starts with a short text (2–5 sentences), then a blank line, then the
   * question. */
  prompt: string;
  /** "choice": 3 or 4 options, all different; absent for "cloze". */
  options?: string[];
  /** "choice": exactly one entry, equal to one of `options`. "cloze": every accepted answer (a
   * learner's answer is compared trimmed and case-insensitively, so list spelling variants such
   * as "daß"/"dass" only when both are correct). */
  answers: string[];
  /** Why the answer is right, short (one or two sentences), in Vietnamese, English and German
   * (German addresses the learner as "Sie"). */
  explanation: { vi: string; en: string; de: string };
}

export const demoPlacementQuestions: DemoPlacementQuestion[] = [
  /* ---------------------------------------------------------------- A1 */
  {
    level: "A1",
    skill: "grammar",
    kind: "choice",
    prompt: "Ich ___ Linh und komme aus Vietnam.",
    options: ["bin", "bist", "ist", "sind"],
    answers: ["bin"],
    explanation: {
      vi: "Động từ 'sein' (là) chia với ngôi 'ich' là 'bin'.",
      en: "The verb 'sein' (to be) takes the form 'bin' with 'ich'.",
      de: "Das Verb „sein“ heißt mit „ich“ immer „bin“.",
    },
  },
  {
    level: "A1",
    skill: "vocabulary",
    kind: "choice",
    prompt: "Wie schreibt man die Zahl 25?",
    options: ["fünfundzwanzig", "zweiundfünfzig", "zwanzigfünf", "fünfzehn"],
    answers: ["fünfundzwanzig"],
    explanation: {
      vi: "Trong tiếng Đức, hàng đơn vị được đọc trước hàng chục: 25 = 'fünf-und-zwanzig' (năm và hai mươi).",
      en: "In German the units come before the tens: 25 = 'fünf-und-zwanzig' (five and twenty).",
      de: "Im Deutschen nennt man die Einer vor den Zehnern: 25 = „fünfundzwanzig“.",
    },
  },
  {
    level: "A1",
    skill: "grammar",
    kind: "cloze",
    prompt: "Minh ___ einen Bruder und eine Schwester. (haben)",
    answers: ["hat"],
    explanation: {
      vi: "Động từ 'haben' (có) chia với ngôi thứ ba số ít (er/sie/es, ở đây là Minh) là 'hat'.",
      en: "'haben' (to have) in the third person singular (er/sie/es, here Minh) is 'hat'.",
      de: "„haben“ heißt in der 3. Person Singular (er/sie/es) „hat“.",
    },
  },
  {
    level: "A1",
    skill: "reading",
    kind: "choice",
    prompt:
      "Hallo, ich heiße Linh. Ich bin 19 Jahre alt und wohne in Hanoi. Ich lerne seit drei Monaten Deutsch. Im Sommer fliege ich nach München.\n\nWie lange lernt Linh schon Deutsch?",
    options: ["Drei Wochen.", "Drei Monate.", "Drei Jahre.", "Neunzehn Jahre."],
    answers: ["Drei Monate."],
    explanation: {
      vi: "Linh viết: 'Ich lerne seit drei Monaten Deutsch.' Tức là Linh đã học tiếng Đức được ba tháng.",
      en: "Linh writes: 'Ich lerne seit drei Monaten Deutsch', so she has been learning for three months.",
      de: "Im Text steht: „Ich lerne seit drei Monaten Deutsch.“",
    },
  },
  {
    level: "A1",
    skill: "grammar",
    kind: "choice",
    prompt: "Ich kaufe im Supermarkt ___ Apfel und eine Banane.",
    options: ["ein", "einen", "eine", "einem"],
    answers: ["einen"],
    explanation: {
      vi: "'Apfel' là danh từ giống đực (der Apfel) và là tân ngữ của 'kaufen', nên dùng cách 4 (Akkusativ): 'einen'.",
      en: "'Apfel' is masculine (der Apfel) and the object of 'kaufen', so it takes the accusative: 'einen'.",
      de: "„Apfel“ ist maskulin (der Apfel) und hier Akkusativobjekt von „kaufen“, deshalb „einen“.",
    },
  },
  {
    level: "A1",
    skill: "vocabulary",
    kind: "cloze",
    prompt: "Montag, ___, Mittwoch, Donnerstag",
    answers: ["Dienstag"],
    explanation: {
      vi: "Thứ tự các ngày: Montag (thứ Hai), Dienstag (thứ Ba), Mittwoch (thứ Tư), Donnerstag (thứ Năm).",
      en: "The days go Montag, Dienstag, Mittwoch, Donnerstag (Monday to Thursday).",
      de: "Die Reihenfolge der Wochentage ist: Montag, Dienstag, Mittwoch, Donnerstag.",
    },
  },
  {
    level: "A1",
    skill: "grammar",
    kind: "choice",
    prompt: "___ wohnst du? – Ich wohne in Hamburg.",
    options: ["Wo", "Woher", "Wohin", "Wer"],
    answers: ["Wo"],
    explanation: {
      vi: "Hỏi nơi ở thì dùng 'Wo' (ở đâu). 'Woher' hỏi từ đâu đến, 'Wohin' hỏi đi đâu.",
      en: "'Wo' asks where someone is or lives; 'Woher' asks where from, 'Wohin' where to.",
      de: "Nach dem Wohnort fragt man mit „Wo“. „Woher“ fragt nach der Herkunft, „Wohin“ nach dem Ziel.",
    },
  },
  {
    level: "A1",
    skill: "reading",
    kind: "choice",
    prompt:
      "Lieber Jonas, ich bin heute nicht zu Hause. Ich arbeite bis 18 Uhr. Der Schlüssel ist bei Frau Weber im Erdgeschoss. Bis heute Abend! Anna\n\nWo ist der Schlüssel?",
    options: ["Bei Anna.", "Bei Frau Weber.", "Im Büro."],
    answers: ["Bei Frau Weber."],
    explanation: {
      vi: "Anna viết: 'Der Schlüssel ist bei Frau Weber', tức là chìa khóa đang ở chỗ bà Weber ở tầng trệt.",
      en: "Anna writes that the key is with Frau Weber on the ground floor.",
      de: "Anna schreibt: „Der Schlüssel ist bei Frau Weber im Erdgeschoss.“",
    },
  },
  {
    level: "A1",
    skill: "grammar",
    kind: "cloze",
    prompt: "Woher kommst du? – Ich komme ___ Vietnam.",
    answers: ["aus"],
    explanation: {
      vi: "Khi nói về quê quán, ta dùng 'kommen aus' + tên nước: 'Ich komme aus Vietnam.'",
      en: "To say where you come from, use 'kommen aus' + country: 'Ich komme aus Vietnam.'",
      de: "Die Herkunft nennt man mit „kommen aus“: „Ich komme aus Vietnam.“",
    },
  },
  {
    level: "A1",
    skill: "vocabulary",
    kind: "choice",
    prompt: "Die Mutter von meinem Vater ist meine ___.",
    options: ["Tante", "Großmutter", "Schwester", "Tochter"],
    answers: ["Großmutter"],
    explanation: {
      vi: "Mẹ của bố (hoặc của mẹ) là bà: 'die Großmutter' (gọi thân mật là 'Oma').",
      en: "Your father's (or mother's) mother is your grandmother: 'die Großmutter' (informally 'Oma').",
      de: "Die Mutter von Vater oder Mutter ist die Großmutter (umgangssprachlich „Oma“).",
    },
  },
  {
    level: "A1",
    skill: "grammar",
    kind: "choice",
    prompt: "Ich habe ___ Auto. Ich fahre Fahrrad.",
    options: ["kein", "keine", "keinen", "nicht"],
    answers: ["kein"],
    explanation: {
      vi: "Danh từ đi với mạo từ không xác định được phủ định bằng 'kein'. 'Auto' là giống trung (das Auto), nên ở cách 4 vẫn là 'kein'.",
      en: "A noun with an indefinite article is negated with 'kein'. 'Auto' is neuter (das Auto), so the accusative is 'kein'.",
      de: "Nomen mit unbestimmtem Artikel verneint man mit „kein“. „Auto“ ist neutral, also im Akkusativ „kein“.",
    },
  },
  {
    level: "A1",
    skill: "reading",
    kind: "cloze",
    prompt:
      "Minh ist 22 Jahre alt. Er macht eine Ausbildung zum Koch in Stuttgart. Er arbeitet von Montag bis Freitag. Am Wochenende spielt er Fußball.\n\nMinh arbeitet ___ Tage pro Woche.",
    answers: ["fünf", "5"],
    explanation: {
      vi: "Minh làm việc từ thứ Hai đến thứ Sáu, tức là năm ngày mỗi tuần.",
      en: "Minh works from Monday to Friday, which is five days a week.",
      de: "Von Montag bis Freitag sind es fünf Tage.",
    },
  },

  /* ---------------------------------------------------------------- A2 */
  {
    level: "A2",
    skill: "grammar",
    kind: "choice",
    prompt: "Gestern ___ wir mit dem Zug nach Hamburg gefahren.",
    options: ["haben", "sind", "hatten", "seid"],
    answers: ["sind"],
    explanation: {
      vi: "Động từ chỉ sự di chuyển như 'fahren' chia thì Perfekt với 'sein': 'wir sind ... gefahren'.",
      en: "Verbs of movement such as 'fahren' form the Perfekt with 'sein': 'wir sind ... gefahren'.",
      de: "Verben der Bewegung wie „fahren“ bilden das Perfekt mit „sein“: „wir sind ... gefahren“.",
    },
  },
  {
    level: "A2",
    skill: "vocabulary",
    kind: "cloze",
    prompt: "Ich habe Kopfschmerzen. Ich gehe in die ___ und kaufe Tabletten.",
    answers: ["Apotheke"],
    explanation: {
      vi: "Thuốc (Tabletten) được mua ở hiệu thuốc: 'die Apotheke'.",
      en: "Medicine (Tabletten) is bought at the pharmacy: 'die Apotheke'.",
      de: "Tabletten kauft man in der Apotheke.",
    },
  },
  {
    level: "A2",
    skill: "grammar",
    kind: "choice",
    prompt: "Auf dem Schild steht: „Rauchen verboten“. Das heißt: Hier ___ man nicht rauchen.",
    options: ["darf", "muss", "will", "möchte"],
    answers: ["darf"],
    explanation: {
      vi: "'nicht dürfen' diễn tả sự cấm đoán: ở đây không được phép hút thuốc. 'nicht müssen' chỉ có nghĩa là không cần.",
      en: "'nicht dürfen' expresses a prohibition; 'nicht müssen' only means that something is not necessary.",
      de: "„nicht dürfen“ drückt ein Verbot aus; „nicht müssen“ bedeutet nur „nicht nötig“.",
    },
  },
  {
    level: "A2",
    skill: "reading",
    kind: "choice",
    prompt:
      "Liebe Anna, seit einem Monat wohne ich jetzt in Leipzig. Meine Ausbildung im Altenheim gefällt mir sehr gut, aber die Arbeit ist manchmal anstrengend. Am Wochenende habe ich frei. Besuchst du mich im Mai? Viele Grüße, Linh\n\nWas ist richtig?",
    options: [
      "Linh arbeitet auch am Wochenende.",
      "Linh findet ihre Ausbildung gut.",
      "Linh wohnt seit einem Jahr in Leipzig.",
    ],
    answers: ["Linh findet ihre Ausbildung gut."],
    explanation: {
      vi: "Linh viết: 'Meine Ausbildung ... gefällt mir sehr gut.' Cô ấy được nghỉ cuối tuần và mới sống ở Leipzig một tháng.",
      en: "Linh writes that she likes her training very much; she has weekends off and has lived in Leipzig for one month.",
      de: "Linh schreibt: „Meine Ausbildung gefällt mir sehr gut.“ Am Wochenende hat sie frei, und sie wohnt erst seit einem Monat in Leipzig.",
    },
  },
  {
    level: "A2",
    skill: "grammar",
    kind: "choice",
    prompt: "Am Wochenende helfe ich ___ Mutter im Restaurant.",
    options: ["meine", "meiner", "meinem", "meinen"],
    answers: ["meiner"],
    explanation: {
      vi: "Động từ 'helfen' luôn đi với cách 3 (Dativ). 'Mutter' là giống cái, nên Dativ là 'meiner Mutter'.",
      en: "'helfen' always takes the dative. 'Mutter' is feminine, so the dative is 'meiner Mutter'.",
      de: "„helfen“ steht immer mit Dativ. „Mutter“ ist feminin, also „meiner Mutter“.",
    },
  },
  {
    level: "A2",
    skill: "vocabulary",
    kind: "choice",
    prompt:
      "Frau Tran arbeitet im Krankenhaus. Sie hilft Patienten beim Waschen, gibt Medikamente und misst Fieber. Sie ist ___ von Beruf.",
    options: ["Pflegefachfrau", "Verkäuferin", "Köchin", "Lehrerin"],
    answers: ["Pflegefachfrau"],
    explanation: {
      vi: "Người chăm sóc bệnh nhân trong bệnh viện (giúp bệnh nhân vệ sinh, cho uống thuốc, đo nhiệt độ) là điều dưỡng: 'die Pflegefachfrau'.",
      en: "Someone who helps patients wash, gives medication and takes temperatures in a hospital is a nurse: 'Pflegefachfrau'.",
      de: "Wer im Krankenhaus Patienten pflegt und Medikamente gibt, ist Pflegefachfrau (oder Pflegefachmann).",
    },
  },
  {
    level: "A2",
    skill: "grammar",
    kind: "cloze",
    prompt: "Der Zug aus Berlin ist pünktlich ___. (ankommen)",
    answers: ["angekommen"],
    explanation: {
      vi: "'ankommen' là động từ tách được: ở Partizip II, 'ge' nằm giữa tiền tố và gốc động từ: 'an-ge-kommen'.",
      en: "'ankommen' is separable, so 'ge' goes between the prefix and the stem: 'an-ge-kommen'.",
      de: "„ankommen“ ist trennbar: Im Partizip II steht „ge“ zwischen Präfix und Stamm: „angekommen“.",
    },
  },
  {
    level: "A2",
    skill: "reading",
    kind: "choice",
    prompt:
      "Wohnung in Dresden: 2 Zimmer, Küche, Bad, 55 m², 3. Stock, kein Aufzug. Miete: 620 Euro warm. Frei ab 1. Juni. Haustiere sind leider nicht erlaubt.\n\nFür wen passt die Wohnung nicht?",
    options: [
      "Für eine Studentin mit einem Hund.",
      "Für ein junges Paar ohne Kinder.",
      "Für einen Mann mit einem Job in Dresden.",
    ],
    answers: ["Für eine Studentin mit einem Hund."],
    explanation: {
      vi: "Quảng cáo ghi 'Haustiere sind leider nicht erlaubt', tức là không được nuôi thú cưng, nên căn hộ không hợp với người có chó.",
      en: "The ad says pets are not allowed, so the flat does not suit someone with a dog.",
      de: "In der Anzeige steht, dass Haustiere nicht erlaubt sind. Mit Hund passt die Wohnung also nicht.",
    },
  },
  {
    level: "A2",
    skill: "grammar",
    kind: "cloze",
    prompt: "Hamburg ist größer ___ Köln.",
    answers: ["als"],
    explanation: {
      vi: "Sau tính từ ở dạng so sánh hơn (größer) ta dùng 'als' (hơn).",
      en: "After a comparative (größer), use 'als' (than).",
      de: "Nach dem Komparativ (größer) steht „als“.",
    },
  },
  {
    level: "A2",
    skill: "vocabulary",
    kind: "choice",
    prompt: "Ich habe morgen um 10 Uhr einen ___ beim Arzt.",
    options: ["Termin", "Zeit", "Treffen", "Plan"],
    answers: ["Termin"],
    explanation: {
      vi: "Lịch hẹn (với bác sĩ, với cơ quan) trong tiếng Đức là 'der Termin'. 'Zeit' và 'Treffen' không hợp nghĩa và cũng không đi với 'einen'.",
      en: "An appointment (with a doctor or an office) is 'der Termin'. 'Zeit' and 'Treffen' neither fit the meaning nor go with 'einen'.",
      de: "Eine feste Uhrzeit beim Arzt oder Amt heißt „Termin“. „Zeit“ und „Treffen“ passen weder inhaltlich noch zum Artikel „einen“.",
    },
  },
  {
    level: "A2",
    skill: "grammar",
    kind: "choice",
    prompt: "Minh lernt Deutsch, ___ er in Deutschland eine Ausbildung machen möchte.",
    options: ["weil", "denn", "deshalb", "dass"],
    answers: ["weil"],
    explanation: {
      vi: "Động từ 'möchte' đứng cuối câu, nên cần liên từ phụ thuộc chỉ lý do 'weil'. Sau 'denn' động từ phải đứng ở vị trí thứ hai.",
      en: "The verb 'möchte' is at the end, so a subordinating conjunction of reason is needed: 'weil'. After 'denn' the verb comes second.",
      de: "Das Verb „möchte“ steht am Ende, also braucht man einen Nebensatz mit „weil“. Nach „denn“ steht das Verb an Position 2.",
    },
  },
  {
    level: "A2",
    skill: "reading",
    kind: "cloze",
    prompt:
      "Jonas schreibt an seine Lehrerin: „Ich kann heute leider nicht zum Deutschkurs kommen. Ich habe Fieber und Halsschmerzen. Können Sie mir die Hausaufgaben schicken?“\n\nJonas kommt nicht zum Kurs, weil er ___ ist.",
    answers: ["krank", "erkältet"],
    explanation: {
      vi: "Jonas bị sốt và đau họng, tức là bạn ấy bị ốm ('krank' hoặc 'erkältet').",
      en: "Jonas has a fever and a sore throat, so he is ill ('krank' or 'erkältet').",
      de: "Jonas hat Fieber und Halsschmerzen, er ist also krank (oder erkältet).",
    },
  },

  /* ---------------------------------------------------------------- B1 */
  {
    level: "B1",
    skill: "grammar",
    kind: "choice",
    prompt: "Das ist die Kollegin, ___ ich gestern bei der Arbeit geholfen habe.",
    options: ["die", "der", "den", "deren"],
    answers: ["der"],
    explanation: {
      vi: "'helfen' đi với Dativ; đại từ quan hệ thay cho 'die Kollegin' ở cách 3 là 'der'.",
      en: "'helfen' takes the dative; the dative relative pronoun for 'die Kollegin' is 'der'.",
      de: "„helfen“ verlangt den Dativ; das Relativpronomen für „die Kollegin“ im Dativ ist „der“.",
    },
  },
  {
    level: "B1",
    skill: "vocabulary",
    kind: "choice",
    prompt: "„Der Deutschkurs fällt heute aus.“ Was bedeutet das?",
    options: [
      "Der Kurs findet heute nicht statt.",
      "Der Kurs beginnt heute später.",
      "Der Kurs ist heute in einem anderen Raum.",
      "Der Kurs dauert heute länger.",
    ],
    answers: ["Der Kurs findet heute nicht statt."],
    explanation: {
      vi: "'ausfallen' nghĩa là bị hủy, không diễn ra: lớp học hôm nay không có.",
      en: "'ausfallen' means to be cancelled, so the course does not take place today.",
      de: "„ausfallen“ bedeutet, dass etwas nicht stattfindet.",
    },
  },
  {
    level: "B1",
    skill: "grammar",
    kind: "cloze",
    prompt: "In Deutschland ___ zum Frühstück oft Brot gegessen. (werden, Präsens)",
    answers: ["wird"],
    explanation: {
      vi: "Câu bị động thì hiện tại: 'werden' + Partizip II. Chủ ngữ 'Brot' là số ít nên dùng 'wird'.",
      en: "Present passive: 'werden' + past participle. The subject 'Brot' is singular, so 'wird'.",
      de: "Passiv Präsens: „werden“ + Partizip II. Das Subjekt „Brot“ steht im Singular, also „wird“.",
    },
  },
  {
    level: "B1",
    skill: "reading",
    kind: "choice",
    prompt:
      "Als Thu vor drei Jahren nach Freiburg kam, verstand sie die Leute kaum. Deshalb besuchte sie abends einen Sprachkurs an der Volkshochschule. Dort lernte sie auch ihre beste Freundin Marie kennen. Heute arbeitet Thu als Pflegefachfrau in einer Klinik.\n\nWo hat Thu Marie kennengelernt?",
    options: ["In der Klinik.", "Im Sprachkurs.", "In Vietnam.", "Im Studentenwohnheim."],
    answers: ["Im Sprachkurs."],
    explanation: {
      vi: "Bài đọc viết: 'Dort lernte sie auch ihre beste Freundin Marie kennen', trong đó 'dort' là lớp học tiếng ở Volkshochschule.",
      en: "'Dort lernte sie ... Marie kennen': 'dort' refers to the language course at the Volkshochschule.",
      de: "„Dort“ bezieht sich auf den Sprachkurs an der Volkshochschule.",
    },
  },
  {
    level: "B1",
    skill: "grammar",
    kind: "choice",
    prompt: "___ ich 2019 nach Deutschland kam, konnte ich kaum Deutsch.",
    options: ["Als", "Wenn", "Wann", "Ob"],
    answers: ["Als"],
    explanation: {
      vi: "Với sự việc xảy ra một lần trong quá khứ, ta dùng 'als'. 'Wenn' dùng cho hiện tại, tương lai hoặc việc lặp đi lặp lại.",
      en: "For a single event in the past, use 'als'; 'wenn' is for the present, the future or repeated events.",
      de: "Für ein einmaliges Ereignis in der Vergangenheit steht „als“; „wenn“ steht für Gegenwart, Zukunft oder Wiederholung.",
    },
  },
  {
    level: "B1",
    skill: "vocabulary",
    kind: "cloze",
    prompt:
      "Nach langem Überlegen hat Minh eine Entscheidung ___: Er macht eine Ausbildung zum Mechatroniker.",
    answers: ["getroffen", "gefällt"],
    explanation: {
      vi: "Cụm từ cố định là 'eine Entscheidung treffen' (đưa ra quyết định); Partizip II là 'getroffen'.",
      en: "The fixed phrase is 'eine Entscheidung treffen' (to make a decision); the participle is 'getroffen'.",
      de: "Die feste Verbindung heißt „eine Entscheidung treffen“ (gehoben auch „fällen“), Partizip II: „getroffen“.",
    },
  },
  {
    level: "B1",
    skill: "grammar",
    kind: "cloze",
    prompt: "Wenn ich mehr Zeit ___, würde ich meine Familie in Vietnam öfter besuchen. (haben)",
    answers: ["hätte"],
    explanation: {
      vi: "Câu điều kiện không có thật ở hiện tại dùng Konjunktiv II: 'haben' thành 'ich hätte'.",
      en: "An unreal condition in the present uses Konjunktiv II: 'haben' becomes 'ich hätte'.",
      de: "Eine irreale Bedingung in der Gegenwart steht im Konjunktiv II: „haben“ wird zu „ich hätte“.",
    },
  },
  {
    level: "B1",
    skill: "reading",
    kind: "choice",
    prompt:
      "Liebe Mitarbeiterinnen und Mitarbeiter, ab dem 1. März wird unsere Kantine renoviert. Während der Bauarbeiten bleibt sie geschlossen. Das Mittagessen wird in dieser Zeit in Raum 104 angeboten. Wir bitten um Ihr Verständnis.\n\nWas passiert ab dem 1. März?",
    options: [
      "Das Mittagessen gibt es in einem anderen Raum.",
      "Es gibt kein Mittagessen mehr.",
      "Raum 104 wird renoviert.",
      "Die Kantine öffnet früher.",
    ],
    answers: ["Das Mittagessen gibt es in einem anderen Raum."],
    explanation: {
      vi: "Căng tin đóng cửa để sửa chữa, trong thời gian đó bữa trưa được phục vụ ở phòng 104.",
      en: "The canteen closes for renovation, and lunch is served in room 104 during that time.",
      de: "Die Kantine wird renoviert und ist geschlossen; das Mittagessen gibt es in Raum 104.",
    },
  },
  {
    level: "B1",
    skill: "grammar",
    kind: "choice",
    prompt: "Ich lege meinen Reisepass auf ___ Tisch.",
    options: ["dem", "den", "der", "das"],
    answers: ["den"],
    explanation: {
      vi: "'legen' chỉ hướng chuyển động (Wohin?), nên giới từ 'auf' đi với Akkusativ: 'auf den Tisch'.",
      en: "'legen' expresses direction (Wohin?), so 'auf' takes the accusative: 'auf den Tisch'.",
      de: "„legen“ antwortet auf die Frage „Wohin?“, deshalb steht „auf“ mit Akkusativ: „auf den Tisch“.",
    },
  },
  {
    level: "B1",
    skill: "vocabulary",
    kind: "choice",
    prompt: "Nach der Ausbildung möchte Linh sich bei einem Krankenhaus in Köln ___.",
    options: ["bewerben", "beantragen", "bestellen", "bezahlen"],
    answers: ["bewerben"],
    explanation: {
      vi: "'sich bei ... bewerben' nghĩa là nộp đơn xin việc. Các động từ còn lại không dùng với 'sich' theo cách này.",
      en: "'sich bei ... bewerben' means to apply for a job; the other verbs are not used with 'sich' like this.",
      de: "„sich bei einer Firma bewerben“ heißt, sich um eine Stelle bemühen; die anderen Verben passen nicht zu „sich“.",
    },
  },

  /* ---------------------------------------------------------------- B2 */
  {
    level: "B2",
    skill: "grammar",
    kind: "choice",
    prompt: "Die Anerkennung des Abschlusses muss rechtzeitig beantragt ___.",
    options: ["werden", "worden", "wird", "geworden"],
    answers: ["werden"],
    explanation: {
      vi: "Câu bị động với động từ khuyết thiếu: động từ khuyết thiếu + Partizip II + 'werden' (nguyên mẫu) ở cuối câu.",
      en: "Passive with a modal verb: modal + past participle + the infinitive 'werden' at the end.",
      de: "Passiv mit Modalverb: Modalverb + Partizip II + „werden“ im Infinitiv am Satzende.",
    },
  },
  {
    level: "B2",
    skill: "reading",
    kind: "choice",
    prompt:
      "Immer mehr Kliniken in Deutschland werben Pflegekräfte aus dem Ausland an. Doch es reicht nicht, neue Mitarbeitende ins Land zu holen: Ohne Unterstützung bei Sprache, Wohnungssuche und Anerkennung der Abschlüsse verlassen viele ihre Stelle nach kurzer Zeit wieder.\n\nWas ist die Hauptaussage des Textes?",
    options: [
      "Ausländische Pflegekräfte brauchen Unterstützung, damit sie bleiben.",
      "Deutsche Kliniken suchen keine Pflegekräfte mehr.",
      "Die meisten ausländischen Pflegekräfte sprechen schon gut Deutsch.",
      "Die Anerkennung der Abschlüsse ist inzwischen einfach.",
    ],
    answers: ["Ausländische Pflegekräfte brauchen Unterstützung, damit sie bleiben."],
    explanation: {
      vi: "Ý chính: chỉ tuyển người từ nước ngoài thì chưa đủ; nếu không được hỗ trợ về ngôn ngữ, nhà ở và công nhận bằng cấp, nhiều người sẽ sớm nghỉ việc.",
      en: "The main point: recruiting abroad is not enough; without support, many nurses soon leave their jobs again.",
      de: "Kernaussage: Anwerbung allein reicht nicht; ohne Unterstützung verlassen viele Pflegekräfte ihre Stelle bald wieder.",
    },
  },
  {
    level: "B2",
    skill: "grammar",
    kind: "cloze",
    prompt: "Wenn der Bus pünktlich gekommen ___, hätte ich den Zug nicht verpasst.",
    answers: ["wäre"],
    explanation: {
      vi: "Câu điều kiện không có thật trong quá khứ: 'wäre/hätte' + Partizip II. 'kommen' chia Perfekt với 'sein', nên dùng 'wäre'.",
      en: "Unreal condition in the past: 'wäre/hätte' + past participle. 'kommen' forms its Perfekt with 'sein', so 'wäre'.",
      de: "Irreale Bedingung in der Vergangenheit: „wäre/hätte“ + Partizip II. „kommen“ bildet das Perfekt mit „sein“, also „wäre“.",
    },
  },
  {
    level: "B2",
    skill: "vocabulary",
    kind: "cloze",
    prompt: "Der Arzt sprach so schnell und benutzte so viele Fachwörter, dass ich nur ___ verstanden habe.",
    answers: ["Bahnhof"],
    explanation: {
      vi: "Thành ngữ 'nur Bahnhof verstehen' nghĩa là không hiểu gì cả.",
      en: "The idiom 'nur Bahnhof verstehen' means to understand nothing at all.",
      de: "Die Redewendung „nur Bahnhof verstehen“ bedeutet: gar nichts verstehen.",
    },
  },
  {
    level: "B2",
    skill: "grammar",
    kind: "choice",
    prompt: "Die im letzten Jahr ___ Regeln gelten für alle Auszubildenden im Betrieb.",
    options: ["eingeführten", "einführenden", "eingeführte", "eingeführt"],
    answers: ["eingeführten"],
    explanation: {
      vi: "Partizip II 'eingeführt' được dùng như tính từ (những quy định đã được ban hành) và có đuôi '-en' sau mạo từ số nhiều 'die'.",
      en: "The past participle 'eingeführt' works as an adjective (rules that were introduced) and takes '-en' after plural 'die'.",
      de: "Das Partizip II „eingeführt“ ist hier Attribut mit passivischer Bedeutung und bekommt nach „die“ im Plural die Endung „-en“.",
    },
  },
  {
    level: "B2",
    skill: "reading",
    kind: "choice",
    prompt:
      "Obwohl das Studium an staatlichen Hochschulen in Deutschland meist gebührenfrei ist, sollte man die Lebenshaltungskosten nicht unterschätzen. Für das Visum müssen internationale Studierende nachweisen, dass sie ihren Lebensunterhalt finanzieren können, zum Beispiel mit einem Sperrkonto.\n\nWelche Aussage ist richtig?",
    options: [
      "Ein Studium in Deutschland kostet gar nichts.",
      "Studierende müssen zeigen, dass sie genug Geld zum Leben haben.",
      "Ein Sperrkonto braucht man nur an privaten Hochschulen.",
    ],
    answers: ["Studierende müssen zeigen, dass sie genug Geld zum Leben haben."],
    explanation: {
      vi: "Bài viết nói sinh viên quốc tế phải chứng minh đủ tiền chi trả cuộc sống, ví dụ bằng tài khoản phong tỏa (Sperrkonto).",
      en: "The text says international students must prove they can cover their living costs, for example with a blocked account.",
      de: "Laut Text müssen internationale Studierende nachweisen, dass sie ihren Lebensunterhalt finanzieren können.",
    },
  },
  {
    level: "B2",
    skill: "grammar",
    kind: "choice",
    prompt: "___ die Arbeit in der Altenpflege körperlich anstrengend ist, macht sie Lan viel Spaß.",
    options: ["Obwohl", "Trotzdem", "Dennoch", "Weil"],
    answers: ["Obwohl"],
    explanation: {
      vi: "Động từ 'ist' đứng cuối mệnh đề nên cần liên từ phụ thuộc; 'obwohl' (mặc dù) diễn tả sự tương phản. 'Trotzdem' và 'dennoch' là trạng từ, sau chúng động từ đứng ngay ở vị trí thứ hai.",
      en: "The verb 'ist' is at the end, so a subordinating conjunction is needed; 'obwohl' expresses a contrast. 'Trotzdem' and 'dennoch' are adverbs followed directly by the verb.",
      de: "Das Verb „ist“ steht am Ende, also braucht man eine Subjunktion; „obwohl“ drückt einen Gegensatz aus. Nach „trotzdem“ und „dennoch“ folgt direkt das Verb.",
    },
  },
  {
    level: "B2",
    skill: "vocabulary",
    kind: "choice",
    prompt: "Sie möchten in einer Besprechung höflich widersprechen. Was sagen Sie?",
    options: [
      "Das sehe ich etwas anders.",
      "Das ist doch Unsinn.",
      "Da haben Sie völlig recht.",
      "Das ist mir egal.",
    ],
    answers: ["Das sehe ich etwas anders."],
    explanation: {
      vi: "'Das sehe ich etwas anders' là cách phản đối lịch sự. 'Das ist doch Unsinn' là bất lịch sự, còn hai câu kia không phải là phản đối.",
      en: "'Das sehe ich etwas anders' is a polite way to disagree; 'Das ist doch Unsinn' is rude, and the other two do not disagree.",
      de: "„Das sehe ich etwas anders“ widerspricht höflich; „Das ist doch Unsinn“ ist unhöflich, und die anderen Sätze widersprechen nicht.",
    },
  },
  {
    level: "B2",
    skill: "grammar",
    kind: "cloze",
    prompt: "Weil es stark regnete, fiel das Konzert aus. → Wegen des starken ___ fiel das Konzert aus.",
    answers: ["Regens"],
    explanation: {
      vi: "Danh từ hóa: 'es regnete' thành 'der Regen'. Sau 'wegen' dùng Genitiv, danh từ giống đực thêm '-s': 'des starken Regens'.",
      en: "Nominalisation: 'es regnete' becomes 'der Regen'. 'wegen' takes the genitive, so the masculine noun adds '-s': 'des starken Regens'.",
      de: "Nominalisierung: „es regnete“ wird zu „der Regen“. „wegen“ verlangt den Genitiv: „des starken Regens“.",
    },
  },
  {
    level: "B2",
    skill: "reading",
    kind: "choice",
    prompt:
      "Hoa erzählt: „Als ich meine Stelle in Hamburg antrat, hatte ich mir den Alltag leichter vorgestellt. Meine Kollegen waren zwar hilfsbereit, doch ihren trockenen Humor verstand ich anfangs überhaupt nicht. Inzwischen lache ich mit und sage sogar selbst ‚Moin‘.“\n\nWas trifft auf Hoa heute zu?",
    options: [
      "Sie hat sich an das Leben in Hamburg gewöhnt.",
      "Sie findet ihre Kollegen unfreundlich.",
      "Sie versteht den Humor ihrer Kollegen immer noch nicht.",
      "Sie möchte Hamburg bald verlassen.",
    ],
    answers: ["Sie hat sich an das Leben in Hamburg gewöhnt."],
    explanation: {
      vi: "Câu 'Inzwischen lache ich mit' cho thấy Hoa đã quen với cuộc sống và đồng nghiệp ở Hamburg.",
      en: "'Inzwischen lache ich mit' shows that Hoa has got used to life and her colleagues in Hamburg.",
      de: "„Inzwischen lache ich mit“ zeigt, dass Hoa sich an das Leben in Hamburg gewöhnt hat.",
    },
  },
];
