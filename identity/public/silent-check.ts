// Loaded in the hidden frame of the SPA's silent sign-in check: hands the answer of the
// authorization endpoint (code or login_required) to the SPA, on our own origin only.
window.parent.postMessage({ type: 'esos-silent-check', url: window.location.href }, window.location.origin);
