import { issueMail } from './newsletter-issues.service';

const UNSUBSCRIBE = 'https://lipcast.example/api/newsletter/unsubscribe?token=abc';

describe('issueMail', () => {
  it('makes one paragraph per block of text (blank lines, also with spaces or CRLF, separate them; single line breaks stay inside)', () => {
    const mail = issueMail({ subject: 'News', body: '  First line\nsame paragraph.\r\n \r\nSecond.\n\n\n\nThird.  \n' }, UNSUBSCRIBE);
    expect(mail.text).toBe(
      'Hello,\n\nFirst line\nsame paragraph.\n\nSecond.\n\nThird.\n\n--\n\nYou get this mail because this address was signed up to the Lipcast newsletter.\n\n' +
        `Unsubscribe: ${UNSUBSCRIBE}\n`,
    );
    expect(mail.html.match(/<p style="margin:0 0 16px">/g)).toHaveLength(4); // the greeting and three paragraphs
  });

  it('escapes the text in HTML, previews the first paragraph (cut at 120 characters) and carries List-Unsubscribe', () => {
    const mail = issueMail({ subject: 'A <b>bold</b> move', body: `${'word '.repeat(40)}\n\n<script>alert(1)</script>` }, UNSUBSCRIBE);
    expect(mail.subject).toBe('A <b>bold</b> move');
    expect(mail.html).toContain('<title>A &lt;b&gt;bold&lt;/b&gt; move</title>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain(`<span style="display:none">${'word '.repeat(24).slice(0, 119)}…</span>`);
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${UNSUBSCRIBE}>` });
  });
});
