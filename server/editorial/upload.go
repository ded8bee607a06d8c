package editorial

import (
	"github.com/gofiber/fiber/v2"

	"sogliq/server/account"
	"sogliq/server/api"
	"sogliq/server/images"
)

// imageUses are the pictures the editor uploads, by the name its image
// fields give (Field.Use).
var imageUses = map[string]images.Use{
	images.DoctorPhoto.Name: images.DoctorPhoto,
	images.ClinicLogo.Name:  images.ClinicLogo,
}

// upload stores a picture (the request body, JPEG, PNG or WebP) through
// the image pipeline for ?use= and answers 201 with its hash, which the
// form puts in the image field. The pipeline's refusals (format, size,
// pixels) answer in the editor's language.
func (h *Handler) upload(c *fiber.Ctx) error {
	use, ok := imageUses[c.Query("use")]
	if !ok || h.Images == nil {
		return api.Fail(fiber.StatusNotFound, "editor.notFound")
	}
	ctx := c.UserContext()
	img, err := h.Images.Put(ctx, c.Body(), use)
	if err != nil {
		return err
	}
	if err := audit(ctx, h.DB, account.UserID(c), "image.upload", map[string]any{"use": use.Name, "hash": img.Hash}); err != nil {
		return err
	}
	c.Status(fiber.StatusCreated)
	return api.OK(c, Uploaded{Hash: img.Hash, Width: img.Width, Height: img.Height})
}
