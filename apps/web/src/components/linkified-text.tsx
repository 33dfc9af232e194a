import Link from '@mui/material/Link';

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** Plain text with its web addresses made clickable (e-mail bodies carry invitation and reset links). */
export function LinkifiedText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <Link key={index} href={part} sx={{ overflowWrap: 'anywhere' }}>
            {part}
          </Link>
        ) : (
          part
        ),
      )}
    </>
  );
}
