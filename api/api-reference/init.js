// Starts Swagger UI on the API description. A file of its own: the service's CSP allows no inline script.
window.addEventListener('DOMContentLoaded', function () {
  window.SwaggerUIBundle({
    url: '/api/v3/api-docs',
    dom_id: '#swagger-ui',
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    // Without deep links an operation's path is text, not a link inside its toggle button (axe: nested-interactive).
    deepLinking: false,
    // Groups start folded: Swagger UI stops drawing a description of this size part-way when every
    // group starts open (seen in Chromium), and a list of group headings is quicker to scan.
    docExpansion: 'none',
    // No badge from validator.swagger.io: nothing leaves the service's origin.
    validatorUrl: null,
  });
});
