/**
 * The default HTML email of every event (handlebars, auto-escaped): the tenant's colour band with
 * its logo and name, the title, the email text's paragraphs, a button to the page, the footer and
 * (non-essential mail) the unsubscribe link. Tables and inline styles, as mail clients need.
 * A tenant replaces it with tenants/<code>/messages/layout.html.hbs (same values).
 */
export const DEFAULT_EMAIL_LAYOUT = `<!doctype html>
<html lang="{{lang}}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>{{subject}}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:{{brand.primary}};color:{{brand.onPrimary}};padding:16px 24px;font-size:18px;font-weight:bold">
{{#if brand.logoUrl}}<img src="{{brand.logoUrl}}" alt="" height="32" style="vertical-align:middle;margin-right:8px">{{/if}}{{brand.name}}
</td></tr>
<tr><td style="padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">{{title}}</h1>
{{#each paragraphs}}<p style="font-size:15px;line-height:1.5;margin:0 0 12px">{{#each this}}{{this}}{{#unless @last}}<br>{{/unless}}{{/each}}</p>
{{/each}}
{{#if link}}<p style="margin:20px 0 0"><a href="{{link}}" style="display:inline-block;background:{{brand.primary}};color:{{brand.onPrimary}};padding:10px 18px;border-radius:6px;text-decoration:none">{{action}}</a></p>{{/if}}
</td></tr>
<tr><td style="padding:16px 24px;background:#f9fafb;font-size:12px;color:#52606d;line-height:1.5">
{{brand.footer}}{{#if brand.hotline}}<br>{{hotlineLabel}}: {{brand.hotline}}{{/if}}
{{#if unsubscribeUrl}}<br><a href="{{unsubscribeUrl}}" style="color:#52606d">{{unsubscribeLabel}}</a>{{/if}}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;

/** Fixed words of the layout, per language. */
export const LAYOUT_WORDS = {
  vi: { action: 'Mở trang', hotline: 'Hotline', unsubscribe: 'Ngừng nhận loại thư này' },
  en: { action: 'Open the page', hotline: 'Hotline', unsubscribe: 'Stop this kind of email' },
} as const;
