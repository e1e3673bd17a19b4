import { escapeHtml, newsletterConfirmationMail, newsletterMail, paymentMail, videoReadyMail, webhookDisabledMail } from './templates';

describe('mail templates', () => {
  it('renders "video ready" in text and HTML with the link to the video and to the preference', () => {
    const mail = videoReadyMail({ name: 'Ada', videoUrl: 'https://lipcast.example/projects', preferencesUrl: 'https://lipcast.example/profile' });
    expect(mail.subject).toBe('Your video is ready');
    expect(mail.text).toContain('Hi Ada,');
    expect(mail.text).toContain('Watch your video: https://lipcast.example/projects');
    expect(mail.text).toContain('https://lipcast.example/profile');
    expect(mail.html).toContain('<a href="https://lipcast.example/projects"');
    expect(mail.html).toContain('<title>Your video is ready</title>');
    expect(mail.headers).toEqual({});
  });

  it('escapes what users wrote in the HTML and leaves the text part as written', () => {
    const mail = videoReadyMail({ name: '<img src=x onerror=alert(1)> & "Bob"', videoUrl: 'https://lipcast.example/projects', preferencesUrl: 'https://lipcast.example/profile' });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('Hi &lt;img src=x onerror=alert(1)&gt; &amp; &quot;Bob&quot;,');
    expect(mail.text).toContain('Hi <img src=x onerror=alert(1)> & "Bob",');
  });

  it('greets without a name when there is none', () => {
    expect(videoReadyMail({ name: '  ', videoUrl: 'https://a.example/', preferencesUrl: 'https://a.example/p' }).text.startsWith('Hi,\n')).toBe(true);
  });

  it('escapes quotes in link addresses, so a URL cannot leave its attribute', () => {
    const mail = videoReadyMail({ name: null, videoUrl: 'https://a.example/x?q="><script>', preferencesUrl: 'https://a.example/p' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('href="https://a.example/x?q=%22%3E%3Cscript%3E"');
  });

  it('refuses links that are not http(s)', () => {
    expect(() => videoReadyMail({ name: null, videoUrl: 'javascript:alert(1)', preferencesUrl: 'https://a.example/p' })).toThrow('Refusing a javascript: link');
  });

  it('names what the payment gave: Premium, or the pack with its size', () => {
    const links = { createUrl: 'https://a.example/create', profileUrl: 'https://a.example/profile' };
    const premium = paymentMail({ name: 'Ada', kind: 'premium', ...links });
    expect(premium.subject).toBe('Premium is active');
    expect(premium.text).toContain('Premium is active');
    const pack = paymentMail({ name: 'Ada', kind: 'pack', generations: 15, ...links });
    expect(pack.subject).toBe('15 extra generations added');
    expect(pack.text).toContain('15 extra generations were added to your account');
    expect(pack.html).toContain('href="https://a.example/create"');
  });

  it('says which webhook endpoint was disabled, after how many failed deliveries, and how to enable it (profile link, API route as text)', () => {
    const mail = webhookDisabledMail({
      name: 'Ada',
      url: 'https://hooks.example/lipcast?team=<b>',
      failures: 20,
      profileUrl: 'https://a.example/profile',
      enableApiUrl: 'https://a.example/api/v1/webhooks/0b7e4f2a-5c1d-4e8f-9a36-7d2c1b9e8f40/enable',
    });
    expect(mail.subject).toBe('Your webhook endpoint was disabled');
    expect(mail.text).toContain('Lipcast disabled your webhook endpoint https://hooks.example/lipcast?team=<b> after 20 failed deliveries in a row');
    expect(mail.text).toContain('POST https://a.example/api/v1/webhooks/0b7e4f2a-5c1d-4e8f-9a36-7d2c1b9e8f40/enable with a key of the webhooks:manage scope');
    expect(mail.text).toContain('Enable it in your profile: https://a.example/profile');
    // The endpoint's URL is its owner's text: escaped, and never made a link.
    expect(mail.html).toContain('https://hooks.example/lipcast?team=&lt;b&gt;');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).not.toContain('href="https://hooks.example');
    expect(mail.html).toContain('href="https://a.example/profile"');
    expect(webhookDisabledMail({ name: null, url: 'https://h.example/', failures: 1, profileUrl: 'https://a.example/profile', enableApiUrl: 'https://a.example/x' }).text).toContain(
      'after 1 failed delivery in a row:',
    );
  });

  it('puts the confirmation link in the opt-in mail and the unsubscribe link in its footer and List-Unsubscribe header', () => {
    const mail = newsletterConfirmationMail({ confirmUrl: 'https://a.example/api/newsletter/confirm?token=abc', unsubscribeUrl: 'https://a.example/api/newsletter/unsubscribe?token=def' });
    expect(mail.text).toContain('Confirm my subscription: https://a.example/api/newsletter/confirm?token=abc');
    expect(mail.text).toContain('Unsubscribe: https://a.example/api/newsletter/unsubscribe?token=def');
    expect(mail.html).toContain('href="https://a.example/api/newsletter/unsubscribe?token=def"');
    expect(mail.headers['List-Unsubscribe']).toBe('<https://a.example/api/newsletter/unsubscribe?token=def>');
  });

  it('gives every newsletter mail its unsubscribe link', () => {
    const mail = newsletterMail({ subject: 'News', preview: 'News', blocks: [{ paragraph: 'Hello <world>' }], unsubscribeUrl: 'https://a.example/u?token=1' });
    expect(mail.text).toContain('Unsubscribe: https://a.example/u?token=1');
    expect(mail.html).toContain('Hello &lt;world&gt;');
  });

  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
