// Starts Swagger UI on the API description. A file of its own: the service's CSP allows no inline script.
window.addEventListener('DOMContentLoaded', function () {
  window.SwaggerUIBundle({
    url: '/api/v3/api-docs',
    dom_id: '#swagger-ui',
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    deepLinking: true,
    // No badge from validator.swagger.io: nothing leaves the service's origin.
    validatorUrl: null,
  });
});
