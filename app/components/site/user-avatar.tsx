/** A signed-in person's picture, or the first letter of their name where they have none. */
export function UserAvatar({
  name,
  image,
  size,
  bold = false,
}: {
  name: string;
  image: string | null;
  size: "size-8" | "size-10";
  bold?: boolean;
}) {
  if (image) return <img src={image} alt="" className={`${size} rounded-full object-cover`} />;
  return (
    <span
      aria-hidden="true"
      className={`flex ${size} items-center justify-center rounded-full bg-blue-700${bold ? " font-bold" : ""} text-white`}
    >
      {name.trim().charAt(0).toUpperCase()}
    </span>
  );
}
