// Demo content for a fresh installation: the about page, courses, blog and contact details
// a visitor sees before an administrator has entered anything. Pure data, no database access.
// The Vietnamese originals are here; their English and German versions (ADR 032) live in
// demo-content.translations.ts and demo-content.post-translations.ts, and each item picks its own
// there by its level, slug, name or title.

import { readTime } from "~/lib/blog-rules";
import { calendarDayInVietnam } from "~/lib/format";
import { documentFromPlainText, documentText, serializeDocument } from "~/lib/rich-text/document";
import { documentFromMarkdown } from "~/lib/rich-text/from-html.server";
import type { BlogCategory, Color, ValueIcon } from "~/schemas/domain";
import { postTranslations } from "./demo-content.post-translations";
import {
  aboutInfoTranslations,
  classNoteTranslations,
  contactConfigTranslations,
  courseTranslations,
  milestoneTranslations,
  teamMemberTranslations,
  testimonialTranslations,
  valueTranslations,
} from "./demo-content.translations";
import type * as tables from "./schema";

type CourseColor = Color;

// The intersections narrow the schema's plain `text` columns so a typo in a colour, icon or
// category is a compile error here rather than a broken gradient on the site.
type DemoCourse = typeof tables.courses.$inferInsert & { color: CourseColor };
type DemoTeamMember = typeof tables.teamMembers.$inferInsert & { color: CourseColor };
type DemoValue = typeof tables.coreValues.$inferInsert & { icon: ValueIcon; color: CourseColor };
type DemoMilestone = typeof tables.milestones.$inferInsert;
type DemoTestimonial = typeof tables.testimonials.$inferInsert;
// A post's date is not fixed but counted back from the day of seeding (issue 32): a new install
// never opens on a blog whose newest post is a year old.
type DemoPost = Omit<typeof tables.posts.$inferInsert, "createdAt" | "updatedAt"> & {
  category: BlogCategory;
  /** When it was written: this many days before the day the demo is seeded (Vietnam time). */
  daysBeforeSeeding: number;
};

/** A demo post's body as it is written here, in Markdown, in one language: the sources of the
 * documents the demo is seeded with (ADR 055), kept for the test that their pages render as the
 * Markdown did. */
export const demoPostMarkdown: { slug: string; language: string; markdown: string }[] = [];

/** A demo post as stored: its bodies (Vietnamese and each translation's), written here in
 * Markdown, become documents the way old posts were converted (ADR 055); spec §9: the read time
 * follows from the body's words (the rule lives in app/lib/blog-rules.ts). */
function withReadTime(post: Omit<DemoPost, "readTime">): DemoPost {
  const stored = (language: string, markdown: string) => {
    demoPostMarkdown.push({ slug: post.slug ?? "", language, markdown });
    return documentFromMarkdown(markdown);
  };
  const document = stored("vi", post.content);
  const translations = Object.fromEntries(
    Object.entries(post.translations ?? {}).map(([language, version]) => [
      language,
      typeof version?.content === "string"
        ? { ...version, content: serializeDocument(stored(language, version.content)) }
        : version,
    ]),
  );
  return {
    ...post,
    content: serializeDocument(document),
    translations,
    readTime: readTime(documentText(document)),
  };
}

/** A course's or the about page's description as stored (ADR 056): written here as plain text,
 * in Vietnamese and in each translation, stored as the document that shows it. */
function withDescriptionDocuments<T extends { description?: string; translations?: unknown }>(item: T): T {
  const stored = (text: string) => serializeDocument(documentFromPlainText(text));
  const translations = item.translations as Record<string, Record<string, unknown>> | undefined;
  return {
    ...item,
    ...(item.description ? { description: stored(item.description) } : {}),
    translations:
      translations &&
      Object.fromEntries(
        Object.entries(translations).map(([language, version]) => [
          language,
          typeof version.description === "string"
            ? { ...version, description: stored(version.description) }
            : version,
        ]),
      ),
  };
}

/* ---------------------------------------------------------------- courses */

export const demoCourses: DemoCourse[] = (
  [
    {
      level: "A1",
      translations: courseTranslations.A1,
      title: "Tiếng Đức cơ bản A1",
      description:
        "Khóa học dành cho người mới bắt đầu: làm quen với phát âm, ngữ pháp nền tảng và các tình huống giao tiếp hằng ngày như giới thiệu bản thân, mua sắm, hỏi đường và đặt lịch hẹn.",
      duration: "10 tuần",
      lessons: "30 buổi",
      price: 2500000,
      features: [
        "Luyện phát âm chuẩn ngay từ buổi học đầu tiên",
        "Giao tiếp cơ bản trong đời sống hằng ngày",
        "Lớp học trực tuyến tối đa 8 học viên",
        "Tài liệu học tập miễn phí",
        "Thi thử Goethe-Zertifikat A1 cuối khóa",
      ],
      color: "blue",
      active: true,
    },
    {
      level: "A2",
      translations: courseTranslations.A2,
      title: "Tiếng Đức sơ cấp A2",
      description:
        "Mở rộng vốn từ và ngữ pháp để giao tiếp tự tin hơn về công việc, sức khỏe, nhà ở và kế hoạch cá nhân; đọc hiểu thông báo ngắn, viết tin nhắn và thư đơn giản.",
      duration: "10 tuần",
      lessons: "30 buổi",
      price: 3000000,
      features: [
        "Củng cố ngữ pháp: thì quá khứ Perfekt, câu phụ, giới từ",
        "Từ vựng theo chủ đề thuê nhà, đi khám bệnh, công việc",
        "Luyện nghe hội thoại với tốc độ tự nhiên",
        "Sửa bài viết chi tiết mỗi tuần",
        "Thi thử Goethe-Zertifikat A2 cuối khóa",
      ],
      color: "green",
      active: true,
    },
    {
      level: "B1",
      translations: courseTranslations.B1,
      title: "Tiếng Đức trung cấp B1",
      description:
        "Khóa học trọng tâm cho mục tiêu du học, du học nghề và làm việc tại Đức: củng cố ngữ pháp trung cấp, luyện đủ bốn kỹ năng và làm quen với cấu trúc đề Goethe-Zertifikat B1 và telc Deutsch B1.",
      duration: "12 tuần",
      lessons: "36 buổi",
      price: 3500000,
      features: [
        "Luyện đề Goethe-Zertifikat B1 và telc Deutsch B1",
        "Viết e-mail thân mật và trang trọng theo chuẩn đề thi",
        "Luyện nói theo cặp với giáo viên bản ngữ",
        "Thi thử bốn kỹ năng, chấm điểm và nhận xét chi tiết",
        "Hỗ trợ viết Lebenslauf và luyện phỏng vấn Ausbildung",
        "Học lại miễn phí nếu chưa đạt mục tiêu",
      ],
      color: "purple",
      active: true,
    },
    {
      level: "B2",
      translations: courseTranslations.B2,
      title: "Tiếng Đức cao cấp B2",
      description:
        "Dành cho học viên đã có B1 muốn sử dụng tiếng Đức độc lập trong học tập và công việc: thảo luận, thuyết trình, viết bài nghị luận và luyện đề B2 chuyên sâu.",
      duration: "14 tuần",
      lessons: "42 buổi",
      price: 4000000,
      features: [
        "Luyện đề Goethe-Zertifikat B2 và telc Deutsch B2",
        "Viết bài nêu ý kiến và thư trang trọng",
        "Thuyết trình và thảo luận về các chủ đề xã hội",
        "Đọc hiểu báo chí và văn bản chuyên ngành",
        "Lớp chuyên đề với giáo viên bản ngữ mỗi tuần",
      ],
      color: "orange",
      active: true,
    },
  ] satisfies DemoCourse[]
).map(withDescriptionDocuments);

/* ---------------------------------------------------------------- about page */

export const demoAboutInfo: typeof tables.aboutInfo.$inferInsert = withDescriptionDocuments({
  mission:
    "Giúp người Việt học tiếng Đức một cách bài bản, hiệu quả và tự tin, để mỗi học viên có thể chạm tới mục tiêu du học, làm việc và xây dựng cuộc sống mới tại Đức.",
  vision:
    "Trở thành trung tâm tiếng Đức trực tuyến được người học Việt Nam tin chọn hàng đầu, nơi chất lượng giảng dạy được đo bằng kết quả thi và thành công thực tế của học viên.",
  method:
    "Lớp học trực tuyến tối đa 8 học viên, kết hợp giáo viên Việt Nam giàu kinh nghiệm và giáo viên bản ngữ. Mỗi học viên có lộ trình cá nhân, được luyện đều bốn kỹ năng Nghe – Nói – Đọc – Viết và được sửa phát âm, bài viết chi tiết sau mỗi buổi học.",
  description:
    "Lernhaus được thành lập năm 2022 tại Hà Nội bởi những giáo viên từng học tập và làm việc tại Đức. Từ ba lớp học trực tuyến đầu tiên, đến nay Lernhaus đã đồng hành cùng hơn 800 học viên trên khắp Việt Nam, từ những người bắt đầu với bảng chữ cái đến những bạn chinh phục chứng chỉ B1, B2 để du học, học nghề và làm việc tại Đức.",
  commitment:
    "Chúng tôi cam kết đầu ra rõ ràng cho từng khóa học: nếu học viên tham gia đầy đủ, hoàn thành bài tập mà chưa đạt mục tiêu, Lernhaus hỗ trợ học lại miễn phí. Mọi thắc mắc của học viên đều được phản hồi trong vòng 30 phút.",
  translations: aboutInfoTranslations,
});

export const demoStats: typeof tables.stats.$inferInsert = {
  yearsActive: "3+",
  totalStudents: "800+",
  successRate: "95%",
  averageRating: "4.9/5",
};

export const demoTeamMembers: DemoTeamMember[] = [
  {
    name: "Nguyễn Thị Thu Hà",
    translations: teamMemberTranslations["Nguyễn Thị Thu Hà"],
    role: "Giám đốc học thuật, giáo viên luyện thi B1–B2",
    experience: "12 năm giảng dạy tiếng Đức",
    education: "Thạc sĩ Giảng dạy tiếng Đức như ngoại ngữ (DaF), Đại học Leipzig",
    certifications: [
      "Goethe-Zertifikat C2: Großes Deutsches Sprachdiplom",
      "Chương trình đào tạo giáo viên Deutsch Lehren Lernen (DLL) của Goethe-Institut",
    ],
    specialties: ["Luyện thi Goethe B1, B2", "Ngữ pháp", "Kỹ năng viết"],
    achievements:
      "Hướng dẫn trực tiếp hơn 400 học viên đỗ chứng chỉ B1, B2; đồng tác giả bộ tài liệu luyện thi của Lernhaus.",
    avatar: null,
    color: "blue",
    order: 1,
    active: true,
  },
  {
    name: "Thomas Becker",
    translations: teamMemberTranslations["Thomas Becker"],
    role: "Giáo viên bản ngữ",
    experience: "9 năm giảng dạy tiếng Đức cho người nước ngoài",
    education: "Cử nhân Ngôn ngữ học Đức, Đại học Heidelberg",
    certifications: ["Chứng chỉ giảng dạy DaF/DaZ", "Giám khảo được cấp phép của telc (B1–B2)"],
    specialties: [
      "Luyện nói và phản xạ giao tiếp",
      "Luyện thi telc B2",
      "Văn hóa và môi trường làm việc tại Đức",
    ],
    achievements:
      "Từng giảng dạy tại các trường ngôn ngữ ở Berlin và Hà Nội; xây dựng chương trình luyện phỏng vấn Ausbildung của Lernhaus.",
    avatar: null,
    color: "green",
    order: 2,
    active: true,
  },
  {
    name: "Trần Minh Đức",
    translations: teamMemberTranslations["Trần Minh Đức"],
    role: "Giáo viên tiếng Đức A1–A2",
    experience: "6 năm giảng dạy tiếng Đức",
    education: "Cử nhân Ngôn ngữ Đức, Trường Đại học Hà Nội",
    certifications: [
      "Goethe-Zertifikat C1",
      "Chương trình đào tạo giáo viên Deutsch Lehren Lernen (DLL) của Goethe-Institut",
    ],
    specialties: ["Phát âm chuẩn", "Tiếng Đức cho người mới bắt đầu", "Phương pháp tự học"],
    achievements: "Được học viên bình chọn là giáo viên được yêu thích nhất năm 2024.",
    avatar: null,
    color: "purple",
    order: 3,
    active: true,
  },
  {
    name: "Lena Hoffmann",
    translations: teamMemberTranslations["Lena Hoffmann"],
    role: "Giáo viên bản ngữ, cố vấn du học",
    experience: "5 năm giảng dạy và tư vấn du học",
    education: "Thạc sĩ Giáo dục liên văn hóa, Đại học Hamburg",
    certifications: [
      "Chứng chỉ giảng dạy tiếng Đức như ngoại ngữ (DaF)",
      "Chứng chỉ tư vấn giáo dục quốc tế",
    ],
    specialties: [
      "Tư vấn du học và Ausbildung",
      "Viết Lebenslauf và Motivationsschreiben",
      "Giao tiếp hằng ngày",
    ],
    achievements:
      "Hỗ trợ hơn 150 học viên hoàn thiện hồ sơ du học, du học nghề và phỏng vấn với doanh nghiệp Đức.",
    avatar: null,
    color: "orange",
    order: 4,
    active: true,
  },
];

export const demoValues: DemoValue[] = [
  {
    title: "Tận tâm",
    translations: valueTranslations["Tận tâm"],
    description:
      "Mỗi học viên được theo sát từ buổi học đầu tiên đến ngày nhận chứng chỉ, với sự quan tâm đến cả tiến bộ lẫn động lực học tập.",
    icon: "heart",
    color: "red",
    order: 1,
  },
  {
    title: "Chất lượng giảng dạy",
    translations: valueTranslations["Chất lượng giảng dạy"],
    description:
      "Giáo viên có chứng chỉ C1 trở lên hoặc là người bản ngữ có chứng chỉ giảng dạy; giáo trình bám sát Khung tham chiếu chung châu Âu.",
    icon: "award",
    color: "blue",
    order: 2,
  },
  {
    title: "Học viên là trung tâm",
    translations: valueTranslations["Học viên là trung tâm"],
    description:
      "Lộ trình, tốc độ và tài liệu được điều chỉnh theo mục tiêu và thời gian biểu riêng của từng người.",
    icon: "user",
    color: "green",
    order: 3,
  },
  {
    title: "Thực hành mỗi ngày",
    translations: valueTranslations["Thực hành mỗi ngày"],
    description:
      "Ngôn ngữ chỉ thực sự thuộc về bạn khi được sử dụng, vì vậy mỗi buổi học dành phần lớn thời gian cho nghe, nói và tương tác.",
    icon: "book",
    color: "purple",
    order: 4,
  },
  {
    title: "Minh bạch",
    translations: valueTranslations["Minh bạch"],
    description:
      "Học phí, lộ trình và cam kết đầu ra được công bố rõ ràng ngay khi đăng ký, không phát sinh chi phí ẩn.",
    icon: "check",
    color: "teal",
    order: 5,
  },
  {
    title: "Không ngừng đổi mới",
    translations: valueTranslations["Không ngừng đổi mới"],
    description:
      "Đội ngũ giáo viên thường xuyên cập nhật phương pháp, dạng đề thi mới và công cụ học trực tuyến hiện đại.",
    icon: "star",
    color: "orange",
    order: 6,
  },
];

export const demoMilestones: DemoMilestone[] = [
  {
    year: "2022",
    title: "Thành lập Lernhaus",
    translations: milestoneTranslations["Thành lập Lernhaus"],
    description:
      "Lernhaus ra đời tại Hà Nội với ba lớp A1 trực tuyến đầu tiên và hai giáo viên sáng lập từng học tập tại Đức.",
    order: 1,
  },
  {
    year: "2023",
    title: "Khai giảng chương trình luyện thi B1",
    translations: milestoneTranslations["Khai giảng chương trình luyện thi B1"],
    description: "Mở các lớp luyện thi Goethe và telc B1; 92% học viên khóa đầu tiên thi đỗ.",
    order: 2,
  },
  {
    year: "2023",
    title: "Chào đón giáo viên bản ngữ",
    translations: milestoneTranslations["Chào đón giáo viên bản ngữ"],
    description:
      "Giáo viên người Đức tham gia giảng dạy, giúp học viên luyện nói và làm quen với giọng chuẩn ngay từ trình độ A2.",
    order: 3,
  },
  {
    year: "2024",
    title: "Vượt mốc 500 học viên",
    translations: milestoneTranslations["Vượt mốc 500 học viên"],
    description: "Ra mắt khóa B2 và chào đón học viên thứ 500 đến từ hơn 30 tỉnh thành trên cả nước.",
    order: 4,
  },
  {
    year: "2025",
    title: "Đồng hành trên hành trình sang Đức",
    translations: milestoneTranslations["Đồng hành trên hành trình sang Đức"],
    description: "Ra mắt chương trình tư vấn du học và Ausbildung, nâng tổng số học viên lên hơn 800 người.",
    order: 5,
  },
];

export const demoTestimonials: DemoTestimonial[] = [
  {
    name: "Nguyễn Hoàng Nam",
    translations: testimonialTranslations["Nguyễn Hoàng Nam"],
    role: "Học viên Ausbildung điều dưỡng tại Stuttgart",
    content:
      "Trước khi đến Lernhaus mình đã tự học A1 gần một năm mà vẫn không dám nói. Ở đây lớp ít người nên buổi nào mình cũng được nói và được cô sửa lỗi ngay. Nhờ lộ trình rõ ràng, mình đỗ B1 ngay lần thi đầu tiên.",
    rating: 5,
    result: "Đỗ B1 Goethe sau 6 tháng",
    avatar: null,
    featured: true,
    order: 1,
  },
  {
    name: "Lê Thị Mai Anh",
    translations: testimonialTranslations["Lê Thị Mai Anh"],
    role: "Sinh viên Kỹ thuật môi trường, TU Dresden",
    content:
      "Các buổi luyện đề B2 với thầy Thomas giúp mình tự tin hơn hẳn ở phần thi nói. Thầy chỉ ra cụ thể từng lỗi và cách diễn đạt tự nhiên như người Đức. Mình rất biết ơn cả đội ngũ Lernhaus.",
    rating: 5,
    result: "Đỗ telc B2, nhập học TU Dresden",
    avatar: null,
    featured: true,
    order: 2,
  },
  {
    name: "Phạm Quốc Bảo",
    translations: testimonialTranslations["Phạm Quốc Bảo"],
    role: "Kỹ sư phần mềm tại Hà Nội",
    content:
      "Lịch học buổi tối rất phù hợp với người đi làm như mình. Bài giảng dễ hiểu, tài liệu đầy đủ. Mình chỉ mong có thêm lớp vào sáng cuối tuần để linh hoạt hơn nữa.",
    rating: 4,
    result: "Hoàn thành A2 sau 5 tháng vừa học vừa làm",
    avatar: null,
    featured: true,
    order: 3,
  },
  {
    // No rating: shows the default of 5 stars (spec §9).
    name: "Vũ Thanh Hương",
    translations: testimonialTranslations["Vũ Thanh Hương"],
    role: "Nhân viên văn phòng tại TP.HCM",
    content:
      "Mình bắt đầu từ con số 0 và từng nghĩ tiếng Đức quá khó. Thầy Đức dạy phát âm rất kỹ, giải thích ngữ pháp bằng những ví dụ gần gũi nên mình tiến bộ nhanh và thấy việc học rất vui.",
    result: "Đỗ Goethe A1 với 91/100 điểm",
    avatar: null,
    featured: true,
    order: 4,
  },
  {
    name: "Đặng Minh Tuấn",
    translations: testimonialTranslations["Đặng Minh Tuấn"],
    role: "Đầu bếp, chuẩn bị sang Đức làm việc",
    content:
      "Giáo viên nhiệt tình, luôn trả lời câu hỏi của mình kể cả ngoài giờ học. Phần nghe với mình vẫn còn khó, nhưng sau khóa học mình đã nghe hiểu tốt hơn nhiều.",
    rating: 4,
    result: "Đỗ B1 telc sau 8 tháng",
    avatar: null,
    featured: false,
    order: 5,
  },
];

/* ---------------------------------------------------------------- contact */

export const demoContactConfig: typeof tables.contactConfig.$inferInsert = {
  address: "Tầng 5, số 88 Láng Hạ, Đống Đa, Hà Nội",
  description:
    "Lernhaus là trung tâm tiếng Đức trực tuyến dành cho người Việt, đồng hành cùng bạn từ A1 đến B2 và trên hành trình du học, làm việc tại Đức.",
  email: "info@lernhaus.edu.vn",
  phone: "+84 24 3123 4567",
  zalo: "0912 345 678",
  facebook: "https://www.facebook.com/lernhaus.edu.vn",
  instagram: "https://www.instagram.com/lernhaus.edu.vn",
  twitter: "",
  youtube: "https://www.youtube.com/@lernhaus",
  translations: contactConfigTranslations,
};

/* ---------------------------------------------------------------- blog */

const habitsContent = `## Vì sao sự đều đặn quan trọng hơn thời lượng?

Nhiều học viên bắt đầu học tiếng Đức với quyết tâm rất cao: học ba, bốn tiếng mỗi cuối tuần, rồi bỏ dở sau một tháng. Trí nhớ của chúng ta hoạt động tốt hơn khi được ôn lại thường xuyên, vì vậy **30 phút mỗi ngày** hiệu quả hơn hẳn một buổi học dồn ba tiếng mỗi tuần.

## 8 thói quen nên bắt đầu ngay hôm nay

1. **Cố định một khung giờ học.** Chọn thời điểm ít bị làm phiền nhất, ví dụ 20 phút trước khi đi làm hoặc sau bữa tối, và giữ nó như một cuộc hẹn.
2. **Học từ mới kèm mạo từ và số nhiều.** Đừng chỉ ghi "Tisch – cái bàn", hãy ghi "der Tisch, die Tische". Thói quen này giúp bạn tránh rất nhiều lỗi ngữ pháp về sau.
3. **Nghe tiếng Đức mỗi ngày.** Các chương trình như "Nicos Weg" hay "Langsam gesprochene Nachrichten" của Deutsche Welle rất phù hợp cho trình độ A1 đến B1.
4. **Viết nhật ký ba câu.** Mỗi tối viết ba câu về ngày của bạn, ví dụ: "Heute habe ich lange gearbeitet." Sau vài tuần, bạn sẽ thấy mình viết nhanh và tự nhiên hơn.
5. **Đổi ngôn ngữ điện thoại sang tiếng Đức.** Bạn sẽ gặp đi gặp lại những từ như Einstellungen, Speichern, Nachricht mà không cần cố gắng ghi nhớ.
6. **Luyện nói đuổi (shadowing).** Nghe một câu ngắn, dừng lại và lặp lại đúng ngữ điệu. Chỉ 10 phút mỗi ngày đã giúp phát âm cải thiện rõ rệt.
7. **Ghi lại lỗi sai của chính mình.** Dành một trang vở riêng cho những lỗi hay mắc và xem lại vào mỗi cuối tuần.
8. **Tìm một người đồng hành.** Một bạn cùng lớp hoặc một Tandempartner người Đức sẽ giúp bạn có thêm động lực và có cơ hội sử dụng tiếng Đức thật.

## Bắt đầu nhỏ, duy trì lâu dài

Bạn không cần áp dụng cả 8 thói quen cùng lúc. Hãy chọn hai thói quen dễ nhất, duy trì trong hai tuần, rồi mới thêm thói quen tiếp theo. Khi việc học trở thành một phần tự nhiên của cuộc sống, tiến bộ sẽ đến nhanh hơn bạn nghĩ.

Nếu bạn cần một lộ trình cụ thể phù hợp với thời gian biểu của mình, đội ngũ giáo viên Lernhaus luôn sẵn sàng tư vấn miễn phí.
`;

const articlesContent = `## Vì sao mạo từ lại khó?

Tiếng Việt không có giống ngữ pháp, nên việc mỗi danh từ tiếng Đức mang một giống riêng – giống đực (der), giống cái (die) hoặc giống trung (das) – thường gây bối rối. Giống của danh từ nhiều khi không liên quan đến ý nghĩa: das Mädchen (cô bé) lại là giống trung. Tin vui là có khá nhiều quy tắc dựa vào **đuôi từ** giúp bạn đoán đúng trong phần lớn trường hợp.

## Danh từ thường đi với die

- Đuôi **-ung**: die Wohnung, die Zeitung, die Übung
- Đuôi **-heit, -keit**: die Freiheit, die Möglichkeit
- Đuôi **-schaft**: die Freundschaft, die Mannschaft
- Đuôi **-ion, -tät**: die Information, die Universität
- Đuôi **-ei**: die Bäckerei, die Polizei

## Danh từ thường đi với der

- Đuôi **-ling**: der Frühling, der Schmetterling
- Đuôi **-ismus**: der Tourismus, der Optimismus
- Đuôi **-or**: der Motor, der Doktor
- Ngày trong tuần, tháng và mùa: der Montag, der Januar, der Sommer
- Nhiều danh từ chỉ người theo nghề nghiệp hoặc chỉ dụng cụ, đuôi **-er**: der Lehrer, der Computer (nhưng: das Fenster, die Butter)

## Danh từ thường đi với das

- Đuôi giảm nhẹ **-chen, -lein**: das Mädchen, das Brötchen, das Büchlein
- Đuôi **-ment, -um**: das Dokument, das Zentrum, das Museum
- Động từ nguyên mẫu dùng như danh từ: das Lernen, das Essen
- Phần lớn danh từ đuôi **-nis**: das Ergebnis, das Zeugnis (nhưng: die Erlaubnis)

## Danh từ ghép: nhìn vào từ cuối cùng

Với danh từ ghép, giống luôn do **từ cuối cùng** quyết định: das Haus + die Tür → die Haustür; die Kinder + der Garten → der Kindergarten.

## Mẹo ghi nhớ

1. Luôn học danh từ kèm mạo từ và dạng số nhiều, ví dụ: die Wohnung, die Wohnungen.
2. Dùng màu sắc: xanh dương cho der, đỏ cho die, xanh lá cho das. Khi ôn flashcard, não sẽ ghi nhớ cả màu.
3. Ở số nhiều, mọi danh từ đều dùng **die**: die Tische, die Häuser, die Frauen.

Quy tắc nào cũng có ngoại lệ, nhưng nắm vững những nhóm trên, bạn sẽ đoán đúng phần lớn danh từ mới gặp. Phần còn lại, hãy kiên nhẫn học thuộc từng từ cùng mạo từ của nó.
`;

const pronunciationContent = `## Vì sao người Việt hay phát âm sai ü, ö và ch?

Tiếng Việt có hệ thống nguyên âm rất phong phú nhưng lại không có những nguyên âm tròn môi hàng trước như ü và ö. Còn chữ ch trong tiếng Đức có hai cách đọc, khác hẳn "ch" trong tiếng Việt. Nếu không luyện từ đầu, những lỗi này rất dễ trở thành thói quen khó sửa.

## Âm ü: nói "i" nhưng tròn môi

1. Đọc âm "i" thật dài.
2. Giữ nguyên vị trí lưỡi, từ từ tròn môi như khi nói "u".
3. Âm bạn nghe được chính là ü.

Luyện với các từ: über, müde, fünf, Tür, Prüfung. Hãy phân biệt cặp từ **Mutter** (mẹ) và **Mütter** (những người mẹ): chỉ một dấu Umlaut đã làm thay đổi nghĩa.

## Âm ö: nói "ê" nhưng tròn môi

Cách làm tương tự: đọc "ê", giữ nguyên lưỡi rồi tròn môi như khi nói "ô". Luyện với: schön, hören, Köln, zwölf, Österreich. Cặp từ cần phân biệt: **schon** (đã) và **schön** (đẹp).

## Chữ ch: hai âm khác nhau

**Ach-Laut** xuất hiện sau a, o, u và au. Âm này rất gần với "kh" trong tiếng Việt, nên người Việt thường phát âm khá tốt: Bach, Buch, noch, auch.

**Ich-Laut** xuất hiện sau i, e, ä, ö, ü, ei, eu, sau các phụ âm l, n, r và trong đuôi -chen. Đây là âm khó hơn: đặt lưỡi như khi nói "i", mặt lưỡi áp gần vòm miệng rồi đẩy hơi ra nhẹ, không rung dây thanh. Âm nghe như tiếng xì hơi mềm, không phải "s" và cũng không phải "kh". Luyện với: ich, nicht, Milch, München, Mädchen.

Lỗi thường gặp nhất là đọc "ich" thành "ích" hoặc "is". Hãy thử thì thầm chữ "ja" thật nhẹ: luồng hơi ở đầu âm lúc đó rất gần với Ich-Laut.

## Mẹo luyện tập mỗi ngày

- Ghi âm giọng của mình và so sánh với phát âm mẫu trên từ điển trực tuyến.
- Luyện trước gương để kiểm tra khẩu hình môi khi nói ü và ö.
- Đọc to các cặp từ như Kuchen – Küche, schon – schön, lesen – lösen.
- Đừng ngại phóng đại khẩu hình lúc đầu; khi đã quen, âm sẽ tự nhiên hơn.

Phát âm chuẩn giúp người Đức hiểu bạn dễ dàng hơn và bạn cũng nghe hiểu tốt hơn. Ở các lớp A1 của Lernhaus, mỗi buổi học đều có thời gian riêng để sửa phát âm cho từng học viên.
`;

const goetheB1Content = `## Tổng quan về kỳ thi

Goethe-Zertifikat B1 được thi theo **mô-đun**: bốn kỹ năng Lesen (Đọc), Hören (Nghe), Schreiben (Viết) và Sprechen (Nói) được chấm riêng. Mỗi mô-đun cần đạt tối thiểu 60/100 điểm. Nếu chưa đạt một kỹ năng, bạn chỉ cần thi lại kỹ năng đó.

## Lesen – 65 phút

Phần đọc gồm 5 phần với các dạng văn bản như blog, quảng cáo, bài báo và nội quy.

- Đọc câu hỏi trước, gạch chân từ khóa, sau đó mới đọc văn bản.
- Cẩn thận với các từ phủ định như nicht, kein, nie: đây là bẫy phổ biến nhất.
- Không dừng quá lâu ở một câu khó; hãy đánh dấu và quay lại sau.

## Hören – khoảng 40 phút

- Tận dụng thời gian trước mỗi đoạn nghe để đọc kỹ câu hỏi.
- Một số phần chỉ được nghe một lần, vì vậy hãy luyện nghe radio, podcast với tốc độ thật thay vì chỉ nghe bài trong giáo trình.
- Chú ý các từ chỉ sự thay đổi như aber, doch, eigentlich: đáp án thường nằm ngay sau chúng.

## Schreiben – 60 phút

Bạn phải viết ba bài: một e-mail thân mật (khoảng 80 từ), một bài nêu ý kiến trên diễn đàn (khoảng 80 từ) và một tin nhắn trang trọng (khoảng 40 từ).

- Trả lời **đủ tất cả các ý** mà đề yêu cầu; thiếu ý bị trừ điểm nhiều hơn một lỗi ngữ pháp nhỏ.
- Phân biệt rõ cách mở đầu: "Liebe Anna," trong thư thân mật và "Sehr geehrte Frau Schmidt," trong thư trang trọng.
- Học thuộc một số mẫu câu nêu ý kiến: "Meiner Meinung nach ...", "Ich bin der Meinung, dass ...", "Einerseits ..., andererseits ...".

## Sprechen – khoảng 15 phút

Phần nói thi theo cặp, gồm ba phần: cùng lập kế hoạch (Gemeinsam etwas planen), trình bày một chủ đề (Ein Thema präsentieren) và trao đổi, đặt câu hỏi về bài trình bày.

- Khi lập kế hoạch, hãy chủ động đưa đề xuất và phản hồi bạn thi: "Wie wäre es mit ...?", "Das ist eine gute Idee, aber ...".
- Bài trình bày nên có cấu trúc rõ ràng: giới thiệu chủ đề, kinh nghiệm bản thân, tình hình ở Việt Nam, ưu nhược điểm kèm ý kiến cá nhân và phần kết.
- Nếu không hiểu câu hỏi, đừng im lặng. Hãy nói: "Können Sie die Frage bitte wiederholen?"

## Lộ trình ôn tập gợi ý

Trong 8 tuần cuối trước kỳ thi, hãy làm ít nhất một đề thi thử đầy đủ mỗi tuần, bấm giờ như thi thật và ghi lại điểm từng kỹ năng. Kỹ năng nào thấp nhất thì dành nhiều thời gian nhất cho kỹ năng đó.
`;

const duSieContent = `## Hai cách nói "bạn" trong tiếng Đức

Tiếng Việt có hệ thống xưng hô rất phong phú: anh, chị, em, cô, chú, bác... Tiếng Đức đơn giản hơn nhưng lại có một ranh giới quan trọng: **du** (thân mật) và **Sie** (lịch sự, luôn viết hoa). Dùng sai có thể khiến người đối diện cảm thấy bạn thiếu tôn trọng, hoặc ngược lại, quá xa cách.

## Khi nào dùng Sie?

- Với người lạ và người lớn tuổi mà bạn chưa quen.
- Ở nơi làm việc với cấp trên, khách hàng và đối tác.
- Ở cơ quan hành chính (Behörde), ngân hàng, phòng khám, cửa hàng.
- Với giảng viên đại học và giáo viên các khóa học dành cho người lớn, trừ khi họ đề nghị khác.

Đi kèm với Sie là họ của người đó: "Guten Tag, Frau Müller", "Entschuldigung, Herr Wagner". Khi đang dùng Sie, không gọi người đối diện bằng tên riêng.

## Khi nào dùng du?

- Với gia đình, bạn bè và trẻ em.
- Giữa sinh viên với nhau, trong câu lạc bộ thể thao, trên mạng xã hội.
- Ở nhiều công ty khởi nghiệp và môi trường làm việc trẻ, mọi người dùng du ngay từ đầu.

## Ai đề nghị chuyển sang du?

Theo thông lệ, người lớn tuổi hơn hoặc có vị trí cao hơn sẽ đề nghị trước, ví dụ: "Wollen wir uns duzen?" hoặc "Sag ruhig du zu mir." Nếu bạn trẻ hơn hoặc là nhân viên mới, hãy chờ lời đề nghị thay vì tự chuyển sang du. Chuyển từ Sie sang du (duzen) là dấu hiệu của sự gần gũi; một khi đã duzen thì gần như không ai quay lại Sie nữa.

## Xưng hô trong e-mail

- Trang trọng: "Sehr geehrte Frau Müller," hoặc "Sehr geehrter Herr Wagner," và kết thúc bằng "Mit freundlichen Grüßen".
- Thân thiện nhưng vẫn lịch sự: "Liebe Frau Müller," hoặc "Lieber Herr Wagner,".
- Thân mật: "Liebe Anna," hoặc "Hallo Jonas," và kết thúc bằng "Viele Grüße" hay "Liebe Grüße".

## Lời khuyên cho người Việt mới sang Đức

Khi không chắc chắn, hãy dùng Sie. Người Đức sẽ không phật lòng vì bạn quá lịch sự, và nếu muốn, họ sẽ chủ động đề nghị dùng du. Ngoài cách xưng hô, hãy nhớ bắt tay khi gặp mặt lần đầu, nhìn vào mắt người đối diện khi nói chuyện và luôn đúng giờ: đó là những điểm cộng lớn trong văn hóa giao tiếp của người Đức.
`;

const vocabularyContent = `## Vì sao học xong lại quên?

Theo "đường cong lãng quên" do nhà tâm lý học người Đức Hermann Ebbinghaus mô tả, phần lớn thông tin mới sẽ bị quên chỉ sau vài ngày nếu không được ôn lại. Học thuộc 50 từ trong một buổi tối rồi không xem lại nữa là cách nhanh nhất để quên cả 50 từ đó.

## Lặp lại ngắt quãng là gì?

Lặp lại ngắt quãng (Spaced Repetition) là phương pháp ôn một từ vào đúng lúc bạn sắp quên nó. Khoảng cách giữa các lần ôn tăng dần, ví dụ:

1. Lần 1: ngay ngày hôm sau.
2. Lần 2: sau 3 ngày.
3. Lần 3: sau 1 tuần.
4. Lần 4: sau 2 tuần, rồi sau 1 tháng.

Bạn có thể dùng thẻ giấy (Karteikarten) chia vào nhiều hộp, hoặc các ứng dụng flashcard như Anki; ứng dụng sẽ tự tính lịch ôn cho bạn.

## Học theo chủ đề thay vì danh sách rời rạc

Từ vựng được nhóm theo chủ đề dễ nhớ hơn vì não bộ liên kết chúng với nhau trong một tình huống cụ thể. Ví dụ với chủ đề **Thuê nhà (Wohnen)**:

- die Miete: tiền thuê nhà
- die Nebenkosten: chi phí phụ như điện, nước, sưởi
- die Kaution: tiền đặt cọc
- der Vermieter: chủ nhà
- der Mietvertrag: hợp đồng thuê nhà

Hoặc chủ đề **Sức khỏe (Gesundheit)**:

- der Termin: cuộc hẹn
- die Krankenversicherung: bảo hiểm y tế
- das Rezept: đơn thuốc
- die Apotheke: hiệu thuốc

## Một tấm thẻ từ vựng tốt gồm những gì?

- Mặt trước: từ tiếng Đức kèm mạo từ và dạng số nhiều, ví dụ "die Wohnung, die Wohnungen".
- Mặt sau: nghĩa tiếng Việt và **một câu ví dụ do chính bạn đặt**: "Ich suche eine Wohnung in Berlin."
- Với động từ, ghi thêm các dạng quá khứ: "fahren – fuhr – ist gefahren".

## Mỗi ngày học bao nhiêu từ là đủ?

Với người đi làm, 10 đến 15 từ mới mỗi ngày là con số hợp lý. Quan trọng hơn số lượng là ôn lại đúng lịch và dùng từ mới trong câu nói, câu viết của chính mình. Sau ba tháng kiên trì, bạn sẽ có khoảng 1.000 từ, đủ cho phần lớn tình huống giao tiếp hằng ngày.
`;

const successContent = `## Quyết định ở tuổi 27

Khi bắt đầu học tại Lernhaus vào tháng 9 năm 2024, chị Hoàng Minh Anh đang làm kế toán cho một công ty thương mại ở Hà Nội. Chị chưa từng học tiếng Đức, chỉ có một mục tiêu rõ ràng: sang Đức học Ausbildung ngành nhà hàng – khách sạn (Hotelfachfrau).

"Lúc đầu mình rất lo vì đã đi làm nhiều năm, không còn thói quen ngồi học. Nhưng mình biết nếu không bắt đầu bây giờ thì sẽ không bao giờ bắt đầu," chị chia sẻ.

## Lộ trình học

- **Tháng 1 đến tháng 3:** lớp A1 buổi tối, ba buổi mỗi tuần. Chị tập trung vào phát âm và học từ vựng kèm mạo từ ngay từ đầu.
- **Tháng 4 đến tháng 6:** lớp A2. Chị bắt đầu viết nhật ký bằng tiếng Đức và nhờ giáo viên sửa mỗi tuần.
- **Tháng 7 đến tháng 10:** lớp B1 và luyện đề. Mỗi cuối tuần, chị làm một đề thi thử đầy đủ và luyện nói theo cặp với bạn cùng lớp.

## Những khó khăn

Khó khăn lớn nhất là thời gian. Chị dậy sớm hơn 45 phút mỗi ngày để ôn từ vựng bằng ứng dụng flashcard và nghe podcast trên đường đi làm. Nghe là kỹ năng yếu nhất: ở lần thi thử đầu tiên, chị chỉ được 48 điểm phần Hören.

"Thầy khuyên mình bỏ thói quen dừng lại tra từng từ. Mình tập nghe ý chính, nghe bản tin tốc độ chậm của Deutsche Welle mỗi ngày, và sau hai tháng điểm nghe đã lên trên 70."

## Kết quả

Tháng 6 năm 2025, chị Minh Anh thi Goethe-Zertifikat B1 và đỗ cả bốn kỹ năng: Lesen 85, Hören 76, Schreiben 72 và Sprechen 81 điểm. Ngay sau đó, chị nhận được hợp đồng Ausbildung với một khách sạn ở München, khóa học bắt đầu vào tháng 9. Hiện chị đang hoàn tất hồ sơ xin visa.

## Lời khuyên của Minh Anh

1. Đặt mục tiêu cụ thể và viết nó ra giấy.
2. Học đều đặn mỗi ngày, dù chỉ 30 phút.
3. Đừng sợ nói sai: càng sai sớm, càng sửa được sớm.
4. Làm đề thi thử trong điều kiện giống như thi thật.

"Nếu mình làm được thì các bạn cũng làm được. Điều quan trọng nhất là đừng bỏ cuộc giữa chừng."
`;

const ausbildungContent = `## Ausbildung là gì?

Ausbildung là chương trình đào tạo nghề kép của Đức, thường kéo dài từ 2 đến 3,5 năm. Học viên vừa học lý thuyết tại trường nghề (Berufsschule), vừa làm việc thực tế tại doanh nghiệp và **được trả lương hằng tháng** trong suốt thời gian học. Các ngành phổ biến với người Việt gồm điều dưỡng (Pflege), nhà hàng – khách sạn, đầu bếp, cơ điện tử và bán lẻ.

## Điều kiện cơ bản

- Tốt nghiệp THPT; một số ngành kỹ thuật ưu tiên người có điểm tốt ở các môn tự nhiên.
- Trình độ tiếng Đức tối thiểu **B1**, chứng minh bằng chứng chỉ Goethe, telc hoặc ÖSD. Một số doanh nghiệp và ngành điều dưỡng có thể yêu cầu B2.
- Hợp đồng đào tạo (Ausbildungsvertrag) ký với một doanh nghiệp tại Đức.
- Chứng minh tài chính: nếu lương học nghề thấp hơn mức sinh hoạt phí theo quy định, bạn cần bổ sung bằng tài khoản phong tỏa (Sperrkonto) hoặc giấy bảo lãnh.

## Các bước chuẩn bị

1. **Học tiếng Đức đến B1 hoặc B2.** Đây là bước tốn nhiều thời gian nhất, thường từ 8 đến 12 tháng nếu học nghiêm túc từ đầu.
2. **Chuẩn bị hồ sơ cá nhân:** hộ chiếu, bằng và học bạ THPT, chứng chỉ tiếng Đức, sơ yếu lý lịch (Lebenslauf) và thư động lực (Motivationsschreiben) bằng tiếng Đức. Giấy tờ tiếng Việt cần được dịch thuật công chứng.
3. **Ứng tuyển và phỏng vấn** với doanh nghiệp Đức, thường qua video call. Hãy chuẩn bị trước câu trả lời về bản thân, lý do chọn nghề và kế hoạch tương lai.
4. **Ký hợp đồng Ausbildung.** Doanh nghiệp thường cần xin chấp thuận của Cơ quan Lao động Liên bang (Bundesagentur für Arbeit).
5. **Nộp hồ sơ xin visa** tại Đại sứ quán Đức ở Hà Nội hoặc Tổng Lãnh sự quán Đức tại TP.HCM. Hãy đặt lịch hẹn sớm vì thời gian chờ có thể kéo dài vài tháng.
6. **Chuẩn bị trước khi bay:** mua bảo hiểm y tế, tìm chỗ ở và đăng ký cư trú (Anmeldung) trong vòng hai tuần sau khi đến Đức.

## Mức lương học nghề

Lương Ausbildung phụ thuộc vào ngành, doanh nghiệp và năm học, thường dao động từ khoảng 700 đến hơn 1.300 euro mỗi tháng trước thuế và tăng dần qua từng năm. Ngành điều dưỡng thuộc nhóm có mức lương cao.

## Lưu ý quan trọng

Quy định về visa và chứng minh tài chính có thể thay đổi. Trước khi nộp hồ sơ, hãy kiểm tra danh sách giấy tờ mới nhất trên trang web của Đại sứ quán Đức. Hãy cẩn trọng với các dịch vụ hứa hẹn "bao đậu visa" hoặc thu phí cao bất thường.

Tại Lernhaus, lớp B1 định hướng Ausbildung có thêm các buổi luyện phỏng vấn, viết Lebenslauf và Motivationsschreiben cùng giáo viên bản ngữ.
`;

const goetheTelcContent = `## Hai chứng chỉ, cùng một trình độ

Cả Goethe-Zertifikat B2 và telc Deutsch B2 đều được xây dựng theo Khung tham chiếu chung châu Âu và được nhiều trường học, doanh nghiệp, cơ quan nhà nước tại Đức chấp nhận. Tuy vậy, cấu trúc đề và cách tính điểm của hai kỳ thi có những khác biệt quan trọng.

## Goethe-Zertifikat B2

- Thi theo **mô-đun**: Lesen, Hören, Schreiben và Sprechen được chấm và chứng nhận riêng.
- Mỗi mô-đun cần đạt tối thiểu 60/100 điểm.
- Chưa đạt một kỹ năng thì chỉ cần thi lại kỹ năng đó.
- Phần Schreiben gồm một bài nêu ý kiến trên diễn đàn và một tin nhắn hoặc e-mail mang tính trang trọng.

## telc Deutsch B2

- Phần thi viết gồm Leseverstehen, **Sprachbausteine** (bài tập ngữ pháp và từ vựng), Hörverstehen và Schriftlicher Ausdruck.
- Điểm được tính theo hai khối: phần thi viết và phần thi nói. Mỗi khối cần đạt tối thiểu 60%.
- Một kỹ năng yếu có thể được bù bằng kỹ năng mạnh hơn trong cùng khối thi viết.
- Phần Sprachbausteine là lợi thế cho những bạn nắm chắc ngữ pháp.

## Nên chọn kỳ thi nào?

1. **Kiểm tra yêu cầu của nơi nhận hồ sơ.** Một số trường, doanh nghiệp hoặc cơ quan chỉ chấp nhận một loại chứng chỉ nhất định. Đây luôn là tiêu chí đầu tiên.
2. **Nếu các kỹ năng không đều**, ví dụ đọc tốt nhưng nghe yếu, telc có thể phù hợp hơn vì điểm được cộng dồn trong phần thi viết.
3. **Nếu bạn muốn thi từng phần**, hoặc đã đạt một số kỹ năng và chỉ cần thi lại phần còn lại, Goethe linh hoạt hơn.
4. **Lịch thi và địa điểm:** Goethe-Institut tổ chức thi tại Hà Nội và TP.HCM, còn kỳ thi telc diễn ra tại các trung tâm khảo thí được cấp phép. Hãy đăng ký sớm vì chỗ thi thường kín rất nhanh.

## Chuẩn bị thế nào cho hiệu quả?

Dù chọn kỳ thi nào, ở trình độ B2 bạn cần đọc báo, nghe tin tức và luyện viết bài nghị luận thường xuyên. Hãy làm các đề mẫu chính thức trên trang web của Goethe-Institut và telc để làm quen với định dạng đề ít nhất hai tháng trước ngày thi.
`;

const casesContent = `## Cách (Kasus) là gì?

Trong tiếng Đức, vai trò của danh từ trong câu được thể hiện qua **cách** (Kasus). Khi cách thay đổi, mạo từ, đại từ và đuôi tính từ đi kèm cũng thay đổi theo. Tiếng Đức có bốn cách: Nominativ, Akkusativ, Dativ và Genitiv.

## Nominativ: chủ ngữ

Nominativ trả lời cho câu hỏi Wer? hoặc Was? và là dạng bạn gặp trong từ điển.

- **Der Lehrer** erklärt die Grammatik.
- **Die Stadt** ist sehr schön.

## Akkusativ: tân ngữ trực tiếp

Akkusativ trả lời câu hỏi Wen? hoặc Was?. Tin vui là chỉ mạo từ giống đực thay đổi: der thành den, ein thành einen.

- Ich kaufe **den Tisch**.
- Ich habe **einen Bruder**.

Một số giới từ luôn đi với Akkusativ: durch, für, gegen, ohne, um.

## Dativ: tân ngữ gián tiếp

Dativ trả lời câu hỏi Wem? và thường chỉ người nhận. Mạo từ thay đổi như sau: der thành dem, die thành der, das thành dem; ở số nhiều die thành den và danh từ thường thêm đuôi -n.

- Ich gebe **dem Kind** ein Buch.
- Ich helfe **meiner Mutter**.

Các giới từ luôn đi với Dativ: aus, bei, mit, nach, seit, von, zu. Một số động từ thông dụng cũng đi với Dativ như helfen, danken, gefallen, gehören.

## Genitiv: sở hữu

Genitiv trả lời câu hỏi Wessen? và chỉ sự sở hữu: das Auto **des Vaters**, die Tasche **der Frau**. Trong văn nói hằng ngày, người Đức thường thay Genitiv bằng von cộng Dativ: das Auto von meinem Vater.

## Mẹo học bốn cách

1. Học bảng mạo từ theo từng cột và đọc to mỗi ngày cho đến khi thuộc như một bài hát.
2. Khi học động từ mới, ghi luôn cách đi kèm: helfen + Dativ, fragen + Akkusativ.
3. Tự đặt câu trong ngữ cảnh quen thuộc, ví dụ: "Ich schenke meiner Schwester einen Kalender."
4. Khi đọc một đoạn văn ngắn, thử gạch chân từng danh từ và xác định xem nó đang ở cách nào.
`;

export const demoPosts: DemoPost[] = [
  withReadTime({
    title: "8 thói quen giúp bạn học tiếng Đức đều đặn mỗi ngày",
    slug: "8-thoi-quen-giup-ban-hoc-tieng-duc-deu-dan-moi-ngay",
    translations: postTranslations["8-thoi-quen-giup-ban-hoc-tieng-duc-deu-dan-moi-ngay"],
    excerpt:
      "Học ngoại ngữ không cần những buổi học thật dài mà cần sự đều đặn. Đây là 8 thói quen nhỏ giúp bạn duy trì tiếng Đức mỗi ngày, kể cả khi bận rộn.",
    content: habitsContent,
    category: "tips",
    tags: ["mẹo học", "tự học", "thói quen", "người mới bắt đầu"],
    thumbnail: null,
    published: true,
    featured: false,
    author: "Trần Minh Đức",
    authorId: null,
    views: 355,
    likes: 23,
    comments: 4,
    daysBeforeSeeding: 243,
  }),
  withReadTime({
    title: "Quy tắc nhận biết der, die, das trong tiếng Đức",
    slug: "quy-tac-nhan-biet-der-die-das-trong-tieng-duc",
    translations: postTranslations["quy-tac-nhan-biet-der-die-das-trong-tieng-duc"],
    excerpt:
      "Mạo từ der, die, das là nỗi ám ảnh của nhiều người học tiếng Đức. Bài viết tổng hợp các quy tắc theo đuôi từ giúp bạn đoán đúng giống của danh từ trong phần lớn trường hợp.",
    content: articlesContent,
    category: "grammar",
    tags: ["ngữ pháp", "mạo từ", "Artikel", "A1"],
    thumbnail: null,
    published: true,
    featured: false,
    author: "Nguyễn Thị Thu Hà",
    authorId: null,
    views: 1325,
    likes: 97,
    comments: 18,
    daysBeforeSeeding: 215,
  }),
  withReadTime({
    title: "Cách phát âm ü, ö và ch chuẩn cho người Việt",
    slug: "cach-phat-am-u-o-va-ch-chuan-cho-nguoi-viet",
    translations: postTranslations["cach-phat-am-u-o-va-ch-chuan-cho-nguoi-viet"],
    excerpt:
      "Ü, ö và ch là những âm khó nhất với người Việt vì tiếng Việt không có âm tương đương. Hướng dẫn từng bước về khẩu hình và bài luyện tập giúp bạn phát âm chuẩn hơn.",
    content: pronunciationContent,
    category: "pronunciation",
    tags: ["phát âm", "Umlaut", "ich-Laut", "A1"],
    thumbnail: null,
    published: true,
    featured: false,
    author: "Trần Minh Đức",
    authorId: null,
    views: 615,
    likes: 46,
    comments: 9,
    daysBeforeSeeding: 178,
  }),
  withReadTime({
    title: "Kinh nghiệm thi B1 Goethe: chiến lược cho từng kỹ năng",
    slug: "kinh-nghiem-thi-b1-goethe-chien-luoc-cho-tung-ky-nang",
    translations: postTranslations["kinh-nghiem-thi-b1-goethe-chien-luoc-cho-tung-ky-nang"],
    excerpt:
      "Goethe-Zertifikat B1 gồm bốn kỹ năng Lesen, Hören, Schreiben và Sprechen. Bài viết chia sẻ cấu trúc đề và chiến lược làm bài cho từng phần để bạn tự tin bước vào phòng thi.",
    content: goetheB1Content,
    category: "b1-b2",
    tags: ["Goethe B1", "luyện thi", "kinh nghiệm thi", "B1"],
    thumbnail: null,
    published: true,
    featured: true,
    author: "Nguyễn Thị Thu Hà",
    authorId: null,
    views: 1870,
    likes: 142,
    comments: 37,
    daysBeforeSeeding: 150,
  }),
  withReadTime({
    title: "Du hay Sie? Cách xưng hô đúng mực với người Đức",
    slug: "du-hay-sie-cach-xung-ho-dung-muc-voi-nguoi-duc",
    translations: postTranslations["du-hay-sie-cach-xung-ho-dung-muc-voi-nguoi-duc"],
    excerpt:
      "Gọi sếp là du hay Sie? Khi nào được chuyển sang du? Những quy tắc xưng hô cơ bản giúp bạn tự tin giao tiếp ở trường học, nơi làm việc và trong đời sống tại Đức.",
    content: duSieContent,
    category: "culture",
    tags: ["văn hóa Đức", "giao tiếp", "du và Sie"],
    thumbnail: null,
    published: true,
    featured: false,
    author: "Lena Hoffmann",
    authorId: null,
    views: 1090,
    likes: 84,
    comments: 21,
    daysBeforeSeeding: 118,
  }),
  withReadTime({
    title: "Học từ vựng tiếng Đức theo chủ đề với phương pháp lặp lại ngắt quãng",
    slug: "hoc-tu-vung-tieng-duc-theo-chu-de-voi-phuong-phap-lap-lai-ngat-quang",
    translations: postTranslations["hoc-tu-vung-tieng-duc-theo-chu-de-voi-phuong-phap-lap-lai-ngat-quang"],
    excerpt:
      "Học trước quên sau là vấn đề của rất nhiều người. Kết hợp học theo chủ đề với lặp lại ngắt quãng sẽ giúp bạn nhớ từ vựng lâu hơn mà không tốn thêm thời gian.",
    content: vocabularyContent,
    category: "vocabulary",
    tags: ["từ vựng", "flashcard", "phương pháp học"],
    thumbnail: null,
    published: true,
    featured: false,
    author: "Lena Hoffmann",
    authorId: null,
    views: 190,
    likes: 14,
    comments: 3,
    daysBeforeSeeding: 90,
  }),
  withReadTime({
    title: "Từ con số 0 đến B1 trong 10 tháng: câu chuyện của chị Minh Anh",
    slug: "tu-con-so-0-den-b1-trong-10-thang-cau-chuyen-cua-chi-minh-anh",
    translations: postTranslations["tu-con-so-0-den-b1-trong-10-thang-cau-chuyen-cua-chi-minh-anh"],
    excerpt:
      "Vừa đi làm kế toán toàn thời gian, chị Hoàng Minh Anh vẫn đạt Goethe-Zertifikat B1 sau 10 tháng và đã nhận hợp đồng Ausbildung ngành nhà hàng – khách sạn tại München.",
    content: successContent,
    category: "success",
    tags: ["câu chuyện thành công", "Goethe B1", "Ausbildung", "học viên"],
    thumbnail: null,
    published: true,
    featured: false,
    author: "Trần Minh Đức",
    authorId: null,
    views: 480,
    likes: 62,
    comments: 16,
    daysBeforeSeeding: 62,
  }),
  withReadTime({
    title: "Du học nghề Ausbildung tại Đức: điều kiện và các bước xin visa",
    slug: "du-hoc-nghe-ausbildung-tai-duc-dieu-kien-va-cac-buoc-xin-visa",
    translations: postTranslations["du-hoc-nghe-ausbildung-tai-duc-dieu-kien-va-cac-buoc-xin-visa"],
    excerpt:
      "Ausbildung là con đường vừa học vừa làm được nhiều bạn trẻ Việt Nam lựa chọn. Bài viết tóm tắt các điều kiện cần có và từng bước chuẩn bị, từ khi học tiếng đến khi nhận visa.",
    content: ausbildungContent,
    category: "study-abroad",
    tags: ["Ausbildung", "du học nghề", "visa Đức", "du học Đức"],
    thumbnail: null,
    published: true,
    featured: true,
    author: "Nguyễn Thị Thu Hà",
    authorId: null,
    views: 1640,
    likes: 128,
    comments: 45,
    daysBeforeSeeding: 37,
  }),
  withReadTime({
    title: "Nên thi Goethe hay telc B2? So sánh hai kỳ thi phổ biến",
    slug: "nen-thi-goethe-hay-telc-b2-so-sanh-hai-ky-thi-pho-bien",
    translations: postTranslations["nen-thi-goethe-hay-telc-b2-so-sanh-hai-ky-thi-pho-bien"],
    excerpt:
      "Goethe-Zertifikat B2 và telc Deutsch B2 đều được công nhận rộng rãi tại Đức. Vậy khác biệt nằm ở đâu và kỳ thi nào phù hợp với mục tiêu của bạn?",
    content: goetheTelcContent,
    category: "b1-b2",
    tags: ["Goethe B2", "telc B2", "luyện thi", "chứng chỉ tiếng Đức"],
    thumbnail: null,
    published: true,
    featured: false,
    author: "Thomas Becker",
    authorId: null,
    views: 760,
    likes: 51,
    comments: 12,
    daysBeforeSeeding: 12,
  }),
  // A draft, so the admin list shows both states ("Nháp" / "Công khai"); never seen by the public,
  // hence no views yet.
  withReadTime({
    title: "Bốn cách trong tiếng Đức: Nominativ, Akkusativ, Dativ và Genitiv",
    slug: "bon-cach-trong-tieng-duc-nominativ-akkusativ-dativ-va-genitiv",
    translations: postTranslations["bon-cach-trong-tieng-duc-nominativ-akkusativ-dativ-va-genitiv"],
    excerpt:
      "Vì sao der lúc thành den, lúc thành dem? Bài viết giải thích bốn cách trong tiếng Đức bằng ví dụ đơn giản và mẹo ghi nhớ bảng mạo từ.",
    content: casesContent,
    category: "grammar",
    tags: ["ngữ pháp", "Kasus", "A2"],
    thumbnail: null,
    published: false,
    featured: false,
    author: "Thomas Becker",
    authorId: null,
    views: 0,
    likes: 0,
    comments: 0,
    daysBeforeSeeding: 3,
  }),
];

/** A demo post's date: 09:00 Vietnam time, `days` calendar days before the day (in Vietnam) that
 * `seededAt` falls on. Vietnam keeps no summer time, so a day is always 24 hours; and with `days`
 * at least 1 the date is in the past at whatever hour the demo is seeded. */
export function demoPostDate(seededAt: Date, days: number): Date {
  return new Date(Date.parse(`${calendarDayInVietnam(seededAt)}T09:00:00+07:00`) - days * 86_400_000);
}

/** The demo posts as seeded at `seededAt`, each with its date (the newest published one 12 days
 * before, the oldest some eight months before), in the order of `demoPosts`: oldest first. */
export function datedDemoPosts(seededAt: Date) {
  return demoPosts.map(({ daysBeforeSeeding, ...post }) => ({
    ...post,
    createdAt: demoPostDate(seededAt, daysBeforeSeeding),
  }));
}

/* ---------------------------------------------------------------- classes (ADR 026) */

/** A learner of a demo class: invented names, addresses on example.com (never delivered). */
export interface DemoLearner {
  fullName: string;
  email: string;
  phone: string;
  status: "new" | "contacted" | "trial" | "enrolled";
  paymentStatus: "pending" | "paid";
  /** When they enrolled, counted back from the day of seeding. */
  enrolledDaysAgo: number;
}

/** An upcoming class of a demo course; its dates are counted from the day of seeding so that a
 * new install always shows a schedule ahead. */
export interface DemoClass {
  /** The demo course it belongs to, by level. */
  level: string;
  /** A demo team member, by name. */
  teacher: string;
  startsInDays: number;
  sessionCount: number;
  weekdays: number[];
  startTime: string;
  endTime: string;
  capacity: number;
  note?: string;
  /** The note in English and German (ADR 032). */
  translations?: typeof tables.courseClasses.$inferInsert.translations;
  /** Its learners in enrolment order: the first `capacity` hold seats, the others wait. */
  learners?: DemoLearner[];
  /** A class already under way (issue 30); others are open, or full once their seats are taken. */
  status?: "running";
  /** Its first sessions as its teacher recorded them: what was covered, the homework, and each
   * seated learner's mark, in the learners' order. */
  pastSessions?: {
    covered: string;
    homework: string;
    marks: ("present" | "late" | "absent" | "excused")[];
  }[];
}

/** A staff account per demo teacher (issue 30), role teacher, linked to the team member: a new
 * install shows "Lớp của tôi" filled. Made without a password: the operator sets one with
 * `npm run cli -- user password --email … --password …`. */
export const demoTeacherAccounts: Record<string, string> = {
  "Nguyễn Thị Thu Hà": "thuha.nguyen@example.com",
  "Thomas Becker": "thomas.becker@example.com",
  "Trần Minh Đức": "minhduc.tran@example.com",
  "Lena Hoffmann": "lena.hoffmann@example.com",
};

const learner = (
  fullName: string,
  email: string,
  phone: string,
  status: DemoLearner["status"],
  paymentStatus: DemoLearner["paymentStatus"],
  enrolledDaysAgo: number,
): DemoLearner => ({ fullName, email, phone, status, paymentStatus, enrolledDaysAgo });

export const demoClasses: DemoClass[] = [
  // A class under way (issue 30): it began two weeks ago; its first two sessions have their
  // attendance and notes, so the teacher's workspace and the learners' "Khóa học của tôi" show it.
  {
    level: "A2",
    teacher: "Nguyễn Thị Thu Hà",
    startsInDays: -14,
    sessionCount: 24,
    weekdays: [2, 4],
    startTime: "18:30",
    endTime: "20:00",
    capacity: 8,
    status: "running",
    learners: [
      learner("Phan Thị Thảo", "thao.phan@example.com", "0912 345 631", "enrolled", "paid", 30),
      learner("Đặng Văn Long", "long.dang@example.com", "0912 345 632", "enrolled", "paid", 28),
      learner("Trương Mỹ Linh", "linh.truong@example.com", "0912 345 633", "enrolled", "paid", 25),
      learner("Hà Quang Vinh", "vinh.ha@example.com", "0912 345 634", "enrolled", "pending", 20),
    ],
    pastSessions: [
      {
        covered: "Ôn tập A1, Lektion 1: Wiedersehen – thì Perfekt với haben",
        homework: "Arbeitsbuch S. 8–9, bài 1–4; học 20 động từ Partizip II",
        marks: ["present", "present", "late", "absent"],
      },
      {
        covered: "Lektion 1: Perfekt với sein; kể về kỳ nghỉ",
        homework: "Viết 8 câu về cuối tuần vừa rồi (Perfekt)",
        marks: ["present", "absent", "present", "absent"],
      },
    ],
  },
  {
    level: "A1",
    teacher: "Trần Minh Đức",
    startsInDays: 10,
    sessionCount: 30,
    weekdays: [1, 3, 5],
    startTime: "19:00",
    endTime: "20:30",
    capacity: 8,
    learners: [
      learner("Nguyễn Thị Lan", "lan.nguyen@example.com", "0912 345 601", "enrolled", "paid", 12),
      learner("Phạm Văn Hùng", "hung.pham@example.com", "0912 345 602", "contacted", "pending", 6),
    ],
  },
  {
    level: "A1",
    teacher: "Lena Hoffmann",
    startsInDays: 38,
    sessionCount: 30,
    weekdays: [6, 7],
    startTime: "09:00",
    endTime: "11:00",
    capacity: 8,
    note: "Lớp cuối tuần cho người đi làm",
    translations: classNoteTranslations["Lớp cuối tuần cho người đi làm"],
  },
  {
    level: "A2",
    teacher: "Lena Hoffmann",
    startsInDays: 17,
    sessionCount: 30,
    weekdays: [2, 4],
    startTime: "19:30",
    endTime: "21:00",
    capacity: 8,
    learners: [learner("Lê Thị Hồng Nhung", "nhung.le@example.com", "0912 345 603", "trial", "pending", 4)],
  },
  // The full class: six seats taken, two people on the waitlist.
  {
    level: "B1",
    teacher: "Nguyễn Thị Thu Hà",
    startsInDays: 7,
    sessionCount: 36,
    weekdays: [1, 3, 5],
    startTime: "18:00",
    endTime: "19:30",
    capacity: 6,
    note: "Lớp luyện thi Goethe-Zertifikat B1",
    translations: classNoteTranslations["Lớp luyện thi Goethe-Zertifikat B1"],
    learners: [
      learner("Trần Quốc Huy", "huy.tran@example.com", "0912 345 611", "enrolled", "paid", 21),
      learner("Đỗ Thị Mai", "mai.do@example.com", "0912 345 612", "enrolled", "paid", 19),
      learner("Hoàng Minh Khoa", "khoa.hoang@example.com", "0912 345 613", "enrolled", "pending", 15),
      learner("Vũ Ngọc Ánh", "anh.vu@example.com", "0912 345 614", "trial", "pending", 11),
      learner("Bùi Thanh Tâm", "tam.bui@example.com", "0912 345 615", "contacted", "pending", 8),
      learner("Ngô Gia Bảo", "bao.ngo@example.com", "0912 345 616", "enrolled", "paid", 5),
      learner("Đinh Thu Trang", "trang.dinh@example.com", "0912 345 617", "new", "pending", 3),
      learner("Lý Văn Phúc", "phuc.ly@example.com", "0912 345 618", "new", "pending", 1),
    ],
  },
  {
    level: "B1",
    teacher: "Thomas Becker",
    startsInDays: 31,
    sessionCount: 36,
    weekdays: [2, 4, 6],
    startTime: "19:00",
    endTime: "20:30",
    capacity: 8,
  },
  {
    level: "B2",
    teacher: "Thomas Becker",
    startsInDays: 24,
    sessionCount: 40,
    weekdays: [2, 5],
    startTime: "18:30",
    endTime: "20:30",
    capacity: 8,
    learners: [learner("Cao Thị Minh Thư", "thu.cao@example.com", "0912 345 621", "enrolled", "paid", 9)],
  },
];
